import { captureOnSale, cardDecision, type GatewayEngine } from "./gateway-engine.js";
import type { Order, OrderKind } from "./order.js";
import type { OperationContext, OperationHandler } from "./operation-context.js";
import { errorCodes, ok, Refused, type Reply } from "./replies.js";
import { asyncReply, clientOrderIdOf, existingOrder, field, fingerprintOf, moneyOf, storeCard } from "./request-fields.js";
import { hostedUrl } from "./status-reply.js";

/** Sends a card order on: to its 3-D Secure step when the card has one, else to processing. */
export function proceedWithCard(engine: GatewayEngine, order: Order): void {
  const flow = order.card?.behaviour.threeDSecure ?? "none";
  if (flow !== "none" && order.kind !== "payout") {
    engine.authenticate(order, flow);
    return;
  }
  engine.process(order, order.kind, order.amountMinor, () => cardDecision(order.card), captureOnSale);
}

function moneyOrZero(context: OperationContext, kind: OrderKind): { amount: string; currency: string; minor: bigint } {
  if (kind === "account-verification") return { amount: "0", currency: field(context.fields, "currency") ?? "USD", minor: 0n };
  return moneyOf(context.fields);
}

function cardOrder(kind: OrderKind): OperationHandler {
  return (context) => {
    const clientOrderId = clientOrderIdOf(context);
    const money = moneyOrZero(context, kind);
    const fingerprint = fingerprintOf(context.entry.operationId, money.amount, money.currency);
    const existing = existingOrder(context, clientOrderId, fingerprint);
    if (existing !== undefined) return asyncReply(existing);
    const card = storeCard(context.fields);
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
        card,
        email: context.fields["email"],
        callbackUrl: context.fields["server_callback_url"],
        redirectUrl: context.fields["redirect_url"],
      },
      "processing",
    );
    proceedWithCard(context.engine, order);
    return asyncReply(order);
  };
}

/** The `async-form-response` of an order waiting on its hosted page. */
export function formReply(engine: GatewayEngine, order: Order): Reply {
  return ok({
    type: "async-form-response",
    status: order.status,
    "merchant-order-id": order.clientOrderId,
    "paynet-order-id": order.orderid,
    "end-point-id": Number(order.endpointId),
    "redirect-url": hostedUrl(engine, order),
  });
}

/** A hosted-page operation: registers the order and answers the page's address. */
export function formOrder(kind: OrderKind): OperationHandler {
  return (context) => {
    const clientOrderId = clientOrderIdOf(context);
    const money = moneyOrZero(context, kind);
    const fingerprint = fingerprintOf(context.entry.operationId, money.amount, money.currency);
    const existing = existingOrder(context, clientOrderId, fingerprint);
    if (existing !== undefined) return formReply(context.engine, existing);
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
        email: context.fields["email"],
        callbackUrl: context.fields["server_callback_url"],
        redirectUrl: context.fields["redirect_url"],
      },
      "awaiting-form",
    );
    return formReply(context.engine, order);
  };
}

const makeRebill: OperationHandler = (context) => {
  const clientOrderId = clientOrderIdOf(context);
  const money = moneyOf(context.fields);
  const ref = context.engine.book.cardRefs.get(context.fields["cardrefid"] ?? "");
  if (ref === undefined) throw new Refused(`no card reference '${context.fields["cardrefid"] ?? ""}'`, errorCodes.unknownReference);
  const fingerprint = fingerprintOf(context.entry.operationId, money.amount, money.currency);
  const existing = existingOrder(context, clientOrderId, fingerprint);
  if (existing !== undefined) return asyncReply(existing);
  const order = context.engine.create(
    {
      clientOrderId,
      endpointId: context.endpointId,
      kind: "sale",
      operationId: context.entry.operationId,
      amount: money.amount,
      currency: money.currency,
      amountMinor: money.minor,
      fingerprint,
      card: ref.card,
      callbackUrl: context.fields["server_callback_url"],
    },
    "processing",
  );
  // A rebill is merchant-initiated: the cardholder is absent, so there is no 3-D Secure step.
  context.engine.process(order, "rebill", order.amountMinor, () => cardDecision(order.card), captureOnSale);
  return asyncReply(order);
};

/** Handlers of the operations that start a card payment, by operationId. */
export const paymentOperations: Readonly<Record<string, OperationHandler>> = {
  sale: cardOrder("sale"),
  preauth: cardOrder("preauth"),
  accountVerification: cardOrder("account-verification"),
  saleForm: formOrder("sale"),
  preauthForm: formOrder("preauth"),
  paymentForm: formOrder("sale"),
  accountVerificationForm: formOrder("account-verification"),
  makeRebill,
};
