import type { components } from "@card-processing/types";
import type { NewOrder, Order, OrderKind } from "../engine/orders/order.js";
import type { CardRef } from "../engine/orders/order-book.js";
import { rememberSerial } from "../engine/orders/order-request.js";
import { differencesOf, fingerprintOf, type RequestFingerprint } from "../engine/values/request-fingerprint.js";
import type { OperationContext } from "./operation-context.js";
import { errorCodes, ok, Refused, type Reply } from "./replies.js";
import { clientOrderIdOf, field, moneyOf } from "./request-fields.js";

type AsyncResponse = components["schemas"]["AsyncResponse"];

/**
 * The duplicate `client_orderid` rule (`duplicateClientOrderId`): the order a request that creates
 * orders gets instead of a new one. Under `"new-order"` (the default) there is none: a resend is a
 * new request and makes a second order. Under `"replay"` (see `RequestFingerprint`) the same
 * request again gets the existing order, and a different request reusing the id is refused,
 * naming what differs.
 */
export function existingOrder(
  context: OperationContext,
  clientOrderId: string,
  fingerprint: RequestFingerprint,
): Order | undefined {
  const { engine, endpointId, entry } = context;
  const used = engine.book.ordersOfClientOrderId(endpointId, clientOrderId);
  const existing = used[0];
  if (existing === undefined) return undefined;
  if (engine.options.duplicateClientOrderId === "new-order") {
    engine.options.log(
      `client_orderid ${clientOrderId} already used by order ${used.map((o) => o.orderid).join(", ")}: ` +
        `${entry.operationId} processed again as a new order (duplicateClientOrderId new-order)`,
    );
    return undefined;
  }
  const differences = differencesOf(existing.fingerprint, fingerprint);
  if (differences.length > 0) {
    throw new Refused(
      `client_orderid '${clientOrderId}' is already used by order ${existing.orderid} (${existing.operationId}), ` +
        `created by a different request (differs in: ${differences.join(", ")}); ` +
        "resend the same request to get that order, or use a new client_orderid",
      errorCodes.stateRule,
    );
  }
  engine.options.log(`order ${existing.orderid} duplicate ${entry.operationId} replayed (no new order)`);
  return existing;
}

/** What a request adds to its new order besides its id, kind, operation, money and callback URL. */
export type OrderDetails = Partial<Pick<NewOrder, "card" | "destination" | "email" | "redirectUrl">>;

/**
 * The order a request opens, or, under the duplicate `client_orderid` rule `"replay"`, the one it
 * replays (`fresh` false). `details` is read only when a new order is made, so a replay does not check
 * its card again.
 */
export function openOrder(
  context: OperationContext,
  kind: OrderKind,
  phase: Order["phase"],
  details: () => OrderDetails = () => ({}),
  money: { amount: string; currency: string; minor: bigint } = moneyOf(context.fields),
): { order: Order; fresh: boolean } {
  const clientOrderId = clientOrderIdOf(context);
  const fingerprint = fingerprintOf(context.entry.operationId, context.fields, context.engine.fingerprintSalt);
  const existing = existingOrder(context, clientOrderId, fingerprint);
  if (existing !== undefined) return { order: existing, fresh: false };
  const order = context.engine.create(
    {
      clientOrderId,
      endpointId: context.endpointId,
      kind,
      operationId: context.entry.operationId,
      amount: money.amount,
      currency: money.currency,
      amountMinor: money.minor,
      fingerprint,
      callbackUrl: context.fields["server_callback_url"],
      notifyUrl: context.fields["notify_url"],
      ...details(),
    },
    phase,
  );
  return { order, fresh: true };
}

/** The order named by `orderid`, on this endpoint, belonging to the request's client order id. */
export function referencedOrder(context: OperationContext): Order {
  const orderid = context.fields["orderid"] ?? "";
  const order = context.engine.book.byOrderId(orderid);
  if (order === undefined || order.endpointId !== context.endpointId) {
    throw new Refused(`no order ${orderid} on endpoint ${context.endpointId}`, errorCodes.unknownReference);
  }
  const clientOrderId = clientOrderIdOf(context);
  if (clientOrderId !== order.clientOrderId) {
    throw new Refused(
      `client_orderid '${clientOrderId}' does not belong to order ${orderid}`,
      errorCodes.unknownReference,
    );
  }
  return order;
}

/** The stored card reference named by field `name`, or a refusal naming it. */
export function cardRefOf(context: OperationContext, name: string): CardRef {
  const id = field(context.fields, name) ?? "";
  const ref = context.engine.book.cardRefs.get(id);
  if (ref === undefined) throw new Refused(`no card reference '${id}'`, errorCodes.unknownReference);
  return ref;
}

/** The `async-response` acknowledgement of an order. */
export function asyncReply(order: Order): Reply<AsyncResponse> {
  const reply = ok({
    type: "async-response",
    status: order.status,
    "merchant-order-id": order.clientOrderId,
    "paynet-order-id": order.orderid,
    "end-point-id": Number(order.endpointId),
  });
  rememberSerial(order, reply.body["serial-number"]);
  return reply;
}
