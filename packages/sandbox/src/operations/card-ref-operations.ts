import type { components } from "@card-processing/types";
import { cardDecision } from "../engine/decisions/card-decision.js";
import { fingerprintOf } from "../engine/values/request-fingerprint.js";
import type { OperationContext, OperationHandler, OperationHandlerTable } from "./operation-context.js";
import { errorCodes, ok, Refused, type Reply } from "./replies.js";
import { cardOf, clientOrderIdOf, field, moneyOf, storedForLater } from "./request-fields.js";
import { asyncReply, cardRefOf, existingOrder, referencedOrder } from "./request-orders.js";

type CardRefBody = Omit<components["schemas"]["CardRefAsyncResponse"], "serial-number"> &
  Partial<Pick<components["schemas"]["CardRefV4AsyncResponse"], "merchant-order-id" | "paynet-order-id">>;

function cardRefReply(context: OperationContext, withOrder: boolean): Reply<CardRefBody & { "serial-number": string }> {
  const order = referencedOrder(context);
  if (order.phase !== "final" || order.status !== "approved" || order.card === undefined) {
    throw new Refused(
      `${context.entry.operationId} refused: order ${order.orderid} must be an approved card transaction (it is ${order.kind}, ${order.status})`,
      errorCodes.stateRule,
    );
  }
  const book = context.engine.book;
  let cardRefId = order.cardRefId;
  if (cardRefId === undefined) {
    cardRefId = book.nextCardRefId();
    context.engine.addCardRef(order, {
      cardRefId,
      orderid: order.orderid,
      endpointId: order.endpointId,
      card: storedForLater(order.card),
    });
    context.engine.options.log(`order ${order.orderid} card reference created`);
  }
  const body: CardRefBody = { type: "create-card-ref-response", status: "approved", "card-ref-id": cardRefId };
  if (withOrder) {
    body["merchant-order-id"] = order.clientOrderId;
    body["paynet-order-id"] = order.orderid;
  }
  return ok(body);
}

const getCardInfo: OperationHandler<"getCardInfo"> = (context) => {
  const { card } = cardRefOf(context, "cardrefid");
  // Only what the gateway shows of a stored card: never the full number.
  return ok({
    type: "get-card-info-response",
    "card-printed-name": card.printedName,
    "expire-month": card.expireMonth,
    "expire-year": card.expireYear,
    bin: card.bin,
    "last-four-digits": card.lastFour,
    "card-type": card.brand,
  });
};

const createRecurringPaymentV4: OperationHandler<"createRecurringPaymentV4"> = (context) => {
  const clientOrderId = clientOrderIdOf(context);
  const book = context.engine.book;
  for (const existing of book.recurringPayments.values()) {
    if (existing.endpointId === context.endpointId && existing.clientOrderId === clientOrderId) {
      throw new Refused(
        `client-orderid '${clientOrderId}' is already used by recurring payment ${existing.id}`,
        errorCodes.stateRule,
      );
    }
  }
  const money = moneyOf(context.fields);
  const card = cardOf(field(context.fields, "credit_card_number") ?? "", "credit-card-number", {
    printedName: field(context.fields, "card_printed_name") ?? "",
    expireMonth: field(context.fields, "expire_month") ?? "",
    expireYear: field(context.fields, "expire_year") ?? "",
    cvv2: field(context.fields, "cvv2"),
  });
  const status = cardDecision(card).status;
  const id = book.nextRecurringId();
  const payment = {
    id,
    clientOrderId,
    endpointId: context.endpointId,
    card: storedForLater(card),
    amount: money.amount,
    currency: money.currency,
    period: String(context.value["period"]),
    interval: Number(context.value["interval"]),
    active: status === "approved",
  };
  book.recurringPayments.set(id, payment);
  context.engine.recurring.start(payment, {
    startDate: field(context.fields, "start_date"),
    callbackUrl: field(context.fields, "server_callback_url"),
    notifyUrl: field(context.fields, "notify_url"),
  });
  context.engine.options.log(
    `recurring payment ${id} created (${status}) every ${String(context.value["interval"])} ${String(context.value["period"])}`,
  );
  return ok({
    type: "create-recurring-payment-response",
    status,
    "recurring-payment-id": id,
    "merchant-order-id": clientOrderId,
  });
};

const panEligibilitySend: OperationHandler<"panEligibilitySend"> = (context) => {
  const clientOrderId = clientOrderIdOf(context);
  // The sending card is a card reference or, per the published docs, the card's own number and details.
  const number = context.fields["sending-card-number"];
  const ref =
    number === undefined
      ? cardRefOf(context, "sending-card-ref-id")
      : {
          cardRefId: number.slice(-4),
          card: cardOf(number, "sending-card-number", {
            printedName: context.fields["card-printed-name"] ?? "",
            expireMonth: field(context.fields, "expire_month") ?? "",
            expireYear: field(context.fields, "expire_year") ?? "",
          }),
        };
  const fingerprint = fingerprintOf(context.entry.operationId, context.fields, context.engine.fingerprintSalt);
  const existing = existingOrder(context, clientOrderId, fingerprint);
  if (existing !== undefined) return asyncReply(existing);
  const order = context.engine.create(
    {
      clientOrderId,
      endpointId: context.endpointId,
      kind: "pan-eligibility",
      operationId: context.entry.operationId,
      amount: "0",
      currency: "USD",
      amountMinor: 0n,
      fingerprint,
      card: ref.card,
    },
    "processing",
  );
  context.engine.finishNow(order, cardDecision(ref.card));
  return asyncReply(order);
};

/** Handlers of card references, card info, recurring payments and PAN eligibility. */
export const cardRefOperations = {
  createCardRef: (context) => cardRefReply(context, false),
  createCardRefV4: (context) => cardRefReply(context, true),
  getCardInfo,
  createRecurringPaymentV4,
  panEligibilitySend,
} satisfies OperationHandlerTable;
