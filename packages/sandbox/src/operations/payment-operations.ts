import type { components } from "@card-processing/types";
import { proceedWithCard } from "../engine/decisions/proceed-with-card.js";
import type { OrderKind } from "../engine/orders/order.js";
import { formOrder } from "./form-order.js";
import type { OperationHandlerTable, ReplyHandler } from "./operation-context.js";
import { moneyOrZero, storeCard } from "./request-fields.js";
import { asyncReply, cardRefOf, openOrder } from "./request-orders.js";

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

/** A charge (`sale`) or hold (`preauth`) on a stored card. */
function rebillOrder(kind: "sale" | "preauth"): ReplyHandler<components["schemas"]["AsyncResponse"]> {
  return (context) => {
    const ref = cardRefOf(context, "cardrefid");
    const { order, fresh } = openOrder(context, kind, "processing", () => ({ card: ref.card }));
    // A rebill is merchant-initiated: the cardholder is absent, so there is no 3-D Secure step.
    if (fresh) context.engine.process(order, "rebill", order.amountMinor, "card");
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
