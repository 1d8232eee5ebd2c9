import type { components } from "@card-processing/types";
import type { Order, OrderRequest } from "../orders/order.js";
import { decimalOf } from "../values/money.js";
import { gatewayTransactionType } from "../values/transaction-type.js";

type ReportRow = components["schemas"]["TransactionReportRow"];

/** What the transactions report asks for, in sandbox-clock milliseconds. */
export interface ReportQuery {
  readonly from: number;
  readonly to: number;
  readonly endpoints: ReadonlySet<string>;
  /** Report types to list; every type when empty. */
  readonly types: ReadonlySet<string>;
  /** Statuses to list; every status when empty. */
  readonly statuses: ReadonlySet<string>;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the report's form. */
export function reportTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** An order's transactions, oldest first: every acknowledged request, each once, with its serial number. */
function transactionsOf(order: Order): Array<{ request: OrderRequest; serial: string | undefined }> {
  const seen = new Map<OrderRequest, string | undefined>();
  for (const [serial, request] of order.requestsBySerial) if (!seen.has(request)) seen.set(request, serial);
  if (!seen.has(order.latestRequest)) seen.set(order.latestRequest, undefined);
  return [...seen]
    .map(([request, serial]) => ({ request, serial }))
    .sort((a, b) => a.request.createdAt - b.request.createdAt);
}

/**
 * The rows of the transactions report: every transaction of the orders on the asked endpoints
 * created in the period (sandbox-clock time), of the asked types and statuses, oldest first.
 */
export function reportTransactions(orders: Iterable<Order>, query: ReportQuery): ReportRow[] {
  const rows: Array<ReportRow & { at: number }> = [];
  for (const order of orders) {
    if (!query.endpoints.has(order.endpointId)) continue;
    transactionsOf(order).forEach(({ request, serial }, index) => {
      const type = gatewayTransactionType(request.type);
      if (request.createdAt < query.from || request.createdAt > query.to) return;
      if (query.types.size > 0 && !query.types.has(type)) return;
      if (query.statuses.size > 0 && !query.statuses.has(request.status)) return;
      rows.push({
        at: request.createdAt,
        id: `${order.orderid}-${index + 1}`,
        created: reportTime(request.createdAt),
        type,
        status: request.status,
        "paynet-order-id": order.orderid,
        "merchant-order-id": order.clientOrderId,
        "end-point-id": order.endpointId,
        amount: decimalOf(request.amountMinor, order.currency),
        currency: order.currency,
        ...(serial === undefined ? {} : { "serial-number": serial }),
      });
    });
  }
  return rows.sort((a, b) => a.at - b.at).map(({ at: _at, ...row }) => row);
}
