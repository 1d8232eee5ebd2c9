import type { TransactionStatus } from "@card-processing/types";
import type { Order } from "../orders/order.js";
import { decimalOf, minorOf } from "../values/money.js";
import { gatewayTransactionType } from "../values/transaction-type.js";
import { eventRule, type OrderEventType, orderEventTypes } from "./event-rules.js";
import { EventRefusedError, type OrderEvent, type OrderEventRequest } from "./order-event.js";

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

/** What an event needs of the engine (the `GatewayEngine` passes itself). */
export interface EventGateway {
  readonly book: { byOrderId(orderid: string): Order | undefined };
  readonly clock: { now(): number };
  readonly options: { readonly log: (line: string) => void };
  readonly journal: { recordEvent(order: Order, event: Omit<OrderEvent, "id">): OrderEvent };
  sendCallback(order: Order): void;
}

/**
 * Brings an event to order `orderid`: checks it can happen, changes the order as the gateway
 * would, records it and sends its callback. Nothing changes when it is refused.
 */
export function triggerEvent(engine: EventGateway, orderid: string, request: OrderEventRequest): OrderEvent {
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
  const event = engine.journal.recordEvent(order, {
    type,
    orderid: order.orderid,
    client_orderid: order.clientOrderId,
    at: new Date(engine.clock.now()).toISOString(),
    amount: decimalOf(amountMinor, order.currency),
    currency: order.currency,
    callback_type: gatewayTransactionType(order.lastType),
    previous_status: previous,
    order_status: order.status,
  });
  engine.options.log(
    `order ${order.orderid} event ${type} ${event.amount} ${event.currency}: ${previous} -> ${order.status}`,
  );
  engine.sendCallback(order);
  return event;
}
