import type { TransactionStatus } from "@card-processing/types";
import type { Order } from "../orders/order.js";
import { decimalOf } from "../values/money.js";

/**
 * The type of an event on an existing order: chargeback, reversal, fraud, retrieval or status-change.
 *
 * @example
 * ```ts
 * import type { OrderEventType } from "@card-processing/sandbox";
 * const type: OrderEventType = "chargeback";
 * ```
 */
export type OrderEventType = "chargeback" | "reversal" | "fraud" | "retrieval" | "status-change";

/** The kinds of event a bank or the gateway can bring to an existing order. */
export const orderEventTypes: readonly OrderEventType[] = [
  "chargeback",
  "reversal",
  "fraud",
  "retrieval",
  "status-change",
];

const finalStatuses: readonly TransactionStatus[] = ["approved", "declined", "error", "filtered"];

/** What an allowed event does: move money (`amountMinor`) or change the status. */
export type EventEffect =
  | { readonly type: "chargeback" | "reversal" | "fraud" | "retrieval"; readonly amountMinor: bigint }
  | { readonly type: "status-change"; readonly status: TransactionStatus };

/** Why an event cannot happen to the order, worded for the merchant. */
export type EventRefusal = string;

function approvedCardPayment(order: Order, type: OrderEventType): EventRefusal | undefined {
  if (order.phase !== "final" || order.pending !== undefined)
    return `${type} refused: order ${order.orderid} is still processing`;
  if (order.kind !== "sale" && order.kind !== "preauth")
    return `${type} refused: order ${order.orderid} is a ${order.kind}, not a card payment`;
  if (order.status !== "approved") return `${type} refused: order ${order.orderid} is ${order.status}, not approved`;
  if (order.cancelled !== false)
    return `${type} refused: order ${order.orderid} was ${order.cancelled === "voided" ? "voided" : "cancelled"}`;
  return undefined;
}

function money(
  order: Order,
  type: OrderEventType,
  wanted: bigint | undefined,
  limit: bigint,
  what: string,
): bigint | EventRefusal {
  if (limit <= 0n) return `${type} refused: order ${order.orderid} has nothing ${what}`;
  const amount = wanted ?? limit;
  if (amount <= 0n) return `${type} refused: amount must be more than 0`;
  if (amount > limit) {
    return `${type} refused: ${decimalOf(amount, order.currency)} ${order.currency} is more than the ${decimalOf(limit, order.currency)} ${order.currency} ${what}`;
  }
  return amount;
}

/**
 * Whether an event can happen to `order`, and what it does. A chargeback or a bank reversal takes
 * back at most what was captured and is neither returned nor charged back; fraud reports and
 * retrieval requests concern an approved card payment and move no money; a status change moves a
 * final status to another final status.
 */
export function eventRule(
  order: Order,
  type: OrderEventType,
  amountMinor: bigint | undefined,
  status: TransactionStatus | undefined,
): EventEffect | EventRefusal {
  if (type === "status-change") {
    if (status === undefined || !finalStatuses.includes(status)) {
      return `status-change refused: field 'status' must be one of ${finalStatuses.join(", ")}`;
    }
    if (order.phase !== "final" || order.pending !== undefined)
      return `status-change refused: order ${order.orderid} is still processing`;
    if (order.status === status) return `status-change refused: order ${order.orderid} is already ${status}`;
    return { type, status };
  }
  const refusal = approvedCardPayment(order, type);
  if (refusal !== undefined) return refusal;
  if (type === "chargeback" || type === "reversal") {
    const left = order.capturedMinor - order.refundedMinor - order.chargedBackMinor;
    const amount = money(order, type, amountMinor, left, "captured and not yet returned or charged back");
    return typeof amount === "string" ? amount : { type, amountMinor: amount };
  }
  const amount = money(order, type, amountMinor, order.amountMinor, "paid");
  return typeof amount === "string" ? amount : { type, amountMinor: amount };
}
