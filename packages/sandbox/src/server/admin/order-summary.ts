import type { Order } from "../../engine/orders/order.js";
import { decimalOf } from "../../engine/values/money.js";

/**
 * An order as `GET /paynet/_admin/orders` and `sandbox.orders()` list it.
 *
 * @example
 * ```ts
 * import { startSandbox, type OrderSummary } from "@card-processing/sandbox";
 * const sandbox = await startSandbox();
 * const newest: OrderSummary | undefined = sandbox.orders({ limit: 1 }).orders[0];
 * await sandbox.close();
 * ```
 */
export interface OrderSummary {
  readonly orderid: string;
  readonly client_orderid: string;
  readonly endpoint_id: string;
  readonly kind: string;
  readonly operation: string;
  readonly status: string;
  readonly phase: string;
  readonly amount: string;
  readonly currency: string;
  readonly captured: string;
  readonly returned: string;
  readonly charged_back: string;
  readonly last_transaction: string;
  readonly settled: boolean;
  readonly cancelled: "voided" | "released" | false;
  readonly three_ds_result: string | null;
  readonly created_at: string;
}

/**
 * An order as `GET /paynet/_admin/orders` lists it: ids, operation, money, status, 3-D Secure
 * result and sandbox-clock creation time.
 */
export function orderSummary(o: Order): OrderSummary {
  return {
    orderid: o.orderid,
    client_orderid: o.clientOrderId,
    endpoint_id: o.endpointId,
    kind: o.kind,
    operation: o.operationId,
    status: o.status,
    phase: o.phase,
    amount: o.amount,
    currency: o.currency,
    captured: decimalOf(o.capturedMinor, o.currency),
    returned: decimalOf(o.refundedMinor, o.currency),
    charged_back: decimalOf(o.chargedBackMinor, o.currency),
    // The type of the order's latest transaction: a chargeback or reversal is one of its own.
    last_transaction: o.lastType,
    settled: o.settled,
    cancelled: o.cancelled,
    three_ds_result: o.threeDSecure?.result ?? null,
    created_at: new Date(o.createdAt).toISOString(),
  };
}
