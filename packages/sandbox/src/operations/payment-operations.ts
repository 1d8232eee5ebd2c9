import type { components } from "@card-processing/types";
import { captureOnSale, cardDecision, type GatewayEngine } from "../engine/gateway-engine.js";
import type { Order, OrderKind } from "../engine/order.js";
import { cardRefOf } from "./card-ref-operations.js";
import type { OperationContext, OperationHandlerTable, ReplyHandler } from "./operation-context.js";
import type { Reply } from "./replies.js";
import { asyncReply, field, moneyOf, openOrder, storeCard } from "./request-fields.js";
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
  if (kind === "account-verification")
    return { amount: "0", currency: field(context.fields, "currency") ?? "USD", minor: 0n };
  return moneyOf(context.fields);
}

function cardOrder(kind: OrderKind): ReplyHandler<components["schemas"]["AsyncResponse"]> {
  return (context) => {
    const { order, fresh } = openOrder(
      context,
      kind,
      "processing",
      () => ({
        card: storeCard(context.fields),
        email: context.fields["email"],
        redirectUrl: context.fields["redirect_url"],
      }),
      moneyOrZero(context, kind),
    );
    if (fresh) proceedWithCard(context.engine, order);
    return asyncReply(order);
  };
}

/** The `async-form-response` of an order waiting on its hosted page. */
export function formReply(
  engine: GatewayEngine,
  order: Order,
): Reply<components["schemas"]["AsyncCheckoutFormRedirect"]> {
  // The acknowledgement's own serial-number, which asyncReply remembered for by-request-sn.
  const { body } = asyncReply(order);
  return { httpStatus: 200, body: { ...body, type: "async-form-response", "redirect-url": hostedUrl(engine, order) } };
}

/** A hosted-page operation: registers the order and answers the page's address. */
export function formOrder(kind: OrderKind): ReplyHandler<components["schemas"]["AsyncCheckoutFormRedirect"]> {
  return (context) => {
    const details = () => ({ email: context.fields["email"], redirectUrl: context.fields["redirect_url"] });
    const { order } = openOrder(context, kind, "awaiting-form", details, moneyOrZero(context, kind));
    return formReply(context.engine, order);
  };
}

/** A charge (`sale`) or hold (`preauth`) on a stored card. */
function rebillOrder(kind: "sale" | "preauth"): ReplyHandler<components["schemas"]["AsyncResponse"]> {
  return (context) => {
    const ref = cardRefOf(context, "cardrefid");
    const { order, fresh } = openOrder(context, kind, "processing", () => ({ card: ref.card }));
    // A rebill is merchant-initiated: the cardholder is absent, so there is no 3-D Secure step.
    if (fresh)
      context.engine.process(order, "rebill", order.amountMinor, () => cardDecision(order.card), captureOnSale);
    return asyncReply(order);
  };
}

/** Handlers of the operations that start a card payment, by operationId. */
export const paymentOperations = {
  sale: cardOrder("sale"),
  preauth: cardOrder("preauth"),
  accountVerification: cardOrder("account-verification"),
  saleForm: formOrder("sale"),
  preauthForm: formOrder("preauth"),
  paymentForm: formOrder("sale"),
  accountVerificationForm: formOrder("account-verification"),
  makeRebill: rebillOrder("sale"),
  makeRebillSale: rebillOrder("sale"),
  makeRebillPreauth: rebillOrder("preauth"),
} satisfies OperationHandlerTable;
