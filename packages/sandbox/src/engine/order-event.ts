import type { TransactionStatus } from "@card-processing/types";
import { eventRule, type OrderEventType, orderEventTypes } from "./event-rules.js";
import type { GatewayEngine } from "./gateway-engine.js";
import { decimalOf, minorOf } from "./money.js";

/**
 * What to trigger on an existing order: `chargeback` (full, or a partial `amount`), `reversal`
 * (a refund initiated by the bank), `fraud`, `retrieval` (a retrieval request) or `status-change`
 * (reconciliation moves a final status to `status`).
 *
 * @example
 * ```ts
 * import type { OrderEventRequest } from "@card-processing/sandbox";
 * const partial: OrderEventRequest = { type: "chargeback", amount: "5.00" };
 * const reconciled: OrderEventRequest = { type: "status-change", status: "declined" };
 * ```
 */
export interface OrderEventRequest {
  readonly type: string;
  /** Decimal amount in the order's currency (`"5.00"`); omitted, the whole amount left. */
  readonly amount?: string;
  /** The new final status, for `status-change` only. */
  readonly status?: string;
}

/**
 * An event that happened to an order, as `sandbox.trigger()` and the admin route report it.
 *
 * @example
 * ```ts
 * import type { OrderEvent } from "@card-processing/sandbox";
 * const event: OrderEvent = await sandbox.trigger("1000001", { type: "chargeback" });
 * console.log(event.amount, event.order_status);
 * ```
 */
export interface OrderEvent {
  readonly id: number;
  readonly type: OrderEventType;
  readonly orderid: string;
  readonly client_orderid: string;
  /** Sandbox-clock time of the event. */
  readonly at: string;
  /** Amount the event concerns (decimal string); for a status change, the order's amount. */
  readonly amount: string;
  readonly currency: string;
  /** The callback `type` sent for it. */
  readonly callback_type: string;
  /** The order's status before and after. */
  readonly previous_status: TransactionStatus;
  readonly order_status: TransactionStatus;
}

/**
 * Thrown when an event cannot happen to an order (a chargeback of a declined order, an amount
 * above what is left) or the request cannot be read; the message says why.
 *
 * @example
 * ```ts
 * import { EventRefusedError } from "@card-processing/sandbox";
 * try { await sandbox.trigger("1000001", { type: "chargeback", amount: "999.00" }); }
 * catch (error) { if (error instanceof EventRefusedError) console.log(error.message); }
 * ```
 */
export class EventRefusedError extends Error {
  override readonly name = "EventRefusedError";
}

function amountOf(text: string | undefined, currency: string): bigint | undefined {
  if (text === undefined || text === "") return undefined;
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text))
    throw new EventRefusedError(`field 'amount': expected a decimal amount such as 5.00, got ${JSON.stringify(text)}`);
  try {
    return minorOf(text, currency);
  } catch {
    throw new EventRefusedError(`field 'amount': ${text} has more decimals than ${currency} allows`);
  }
}

function typeOf(text: string): OrderEventType {
  const type = orderEventTypes.find((t) => t === text);
  if (type === undefined)
    throw new EventRefusedError(
      `field 'type': expected one of ${orderEventTypes.join(", ")}, got ${JSON.stringify(text)}`,
    );
  return type;
}

/**
 * Brings an event to order `orderid`: checks it can happen, changes the order as the gateway
 * would, records it and sends its callback. Nothing changes when it is refused.
 */
export function triggerEvent(engine: GatewayEngine, orderid: string, request: OrderEventRequest): OrderEvent {
  const order = engine.book.byOrderId(orderid);
  if (order === undefined) throw new EventRefusedError(`no order ${orderid}`);
  const type = typeOf(request.type);
  if (type !== "status-change" && request.status !== undefined && request.status !== "") {
    throw new EventRefusedError(`field 'status' applies to status-change only, not to ${type}`);
  }
  if (type === "status-change" && request.amount !== undefined && request.amount !== "") {
    throw new EventRefusedError("field 'amount' does not apply to status-change");
  }
  const effect = eventRule(
    order,
    type,
    amountOf(request.amount, order.currency),
    request.status as TransactionStatus | undefined,
  );
  if (typeof effect === "string") throw new EventRefusedError(effect);
  const previous = order.status;
  let amountMinor = order.amountMinor;
  if (effect.type === "status-change") {
    order.status = effect.status;
    order.errorMessage =
      effect.status === "approved" ? undefined : `Status changed to ${effect.status} by reconciliation (sandbox event)`;
    order.errorCode = effect.status === "approved" ? undefined : 300;
  } else {
    amountMinor = effect.amountMinor;
    if (effect.type === "chargeback") order.chargedBackMinor += amountMinor;
    if (effect.type === "reversal") order.refundedMinor += amountMinor;
    order.lastType = effect.type;
    order.lastAmountMinor = amountMinor;
  }
  const event: OrderEvent = {
    id: engine.events.length + 1,
    type,
    orderid: order.orderid,
    client_orderid: order.clientOrderId,
    at: new Date(engine.clock.now()).toISOString(),
    amount: decimalOf(amountMinor, order.currency),
    currency: order.currency,
    callback_type: order.lastType,
    previous_status: previous,
    order_status: order.status,
  };
  engine.events.push(event);
  engine.changes.notify({ kind: "event", orderid: order.orderid });
  engine.options.log(
    `order ${order.orderid} event ${type} ${event.amount} ${event.currency}: ${previous} -> ${order.status}`,
  );
  engine.sendCallback(order);
  return event;
}
