import type { components } from "@card-processing/types";
import { cardDecision } from "../engine/decisions/card-decision.js";
import type { OperationContext, OperationHandler, OperationHandlerTable } from "./operation-context.js";
import type { Reply } from "./replies.js";
import { moneyOrZero, storeCard, storedForLater } from "./request-fields.js";
import { asyncReply, openOrder } from "./request-orders.js";

type SyncReply = components["schemas"]["SyncAccountVerificationResponse"];

/**
 * The account verification answered at once (`/api/v2/sync/account-verification`, as the vendor's
 * PHP library sends it): the card decides at once, by the same test values as the asynchronous
 * verification, and an approved card is stored as a card reference, whose id the reply carries
 * with the card's masked details. The same request sent again answers the same order.
 */
const syncAccountVerification: OperationHandler<"syncAccountVerification"> = (context) => {
  const { order, fresh } = openOrder(
    context,
    "account-verification",
    "processing",
    () => ({ card: storeCard(context.fields), email: context.fields["email"] }),
    moneyOrZero(context, "account-verification"),
  );
  if (fresh) {
    context.engine.finishNow(order, cardDecision(order.card));
    if (order.status === "approved" && order.card !== undefined) {
      const cardRefId = context.engine.book.nextCardRefId();
      context.engine.addCardRef(order, {
        cardRefId,
        orderid: order.orderid,
        endpointId: order.endpointId,
        card: storedForLater(order.card),
      });
    }
  }
  return syncReply(context, asyncReply(order).body["serial-number"], order);
};

function syncReply(
  context: OperationContext,
  serialNumber: string,
  order: Parameters<typeof asyncReply>[0],
): Reply<SyncReply> {
  const body: SyncReply = {
    type: "status-response",
    status: order.status,
    "serial-number": serialNumber,
    "merchant-order-id": order.clientOrderId,
    "paynet-order-id": order.orderid,
  };
  const { phone, email } = context.fields;
  if (phone !== undefined) body.phone = phone;
  if (email !== undefined) body.email = email;
  const card = order.card;
  if (card !== undefined) {
    body["last-four-digits"] = card.lastFour;
    body.bin = card.bin;
    body["card-type"] = card.brand;
    body["cardholder-name"] = card.printedName;
    body["card-exp-month"] = card.expireMonth;
    body["card-exp-year"] = card.expireYear;
    // One value per card number, never the number: its BIN and last four, which the reply shows anyway.
    body["card-hash-id"] = `${card.bin}${card.lastFour}`;
  }
  if (order.cardRefId !== undefined) body["card-ref-id"] = order.cardRefId;
  if (order.errorMessage !== undefined) body["error-message"] = order.errorMessage;
  if (order.errorCode !== undefined) body["error-code"] = order.errorCode;
  return { httpStatus: 200, body };
}

/** The handler of the account verification answered at once. */
export const syncVerificationOperations = { syncAccountVerification } satisfies OperationHandlerTable;
