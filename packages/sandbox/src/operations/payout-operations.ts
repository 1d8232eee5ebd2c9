import type { components } from "@card-processing/types";
import type { StoredCard } from "../engine/orders/order.js";
import { bankAccountBehaviour } from "../test-values/payout-test-values.js";
import type { TestCardBehaviour } from "../test-values/test-card-behaviour.js";
import { formOrder } from "./form-order.js";
import type { OperationContext, OperationHandler, OperationHandlerTable, ReplyHandler } from "./operation-context.js";
import { errorCodes, Refused } from "./replies.js";
import { cardOf, field, storeCard } from "./request-fields.js";
import { asyncReply, cardRefOf, openOrder, referencedOrder } from "./request-orders.js";

const noDetails = { printedName: "", expireMonth: "", expireYear: "" };

function recurringCard(context: OperationContext, name: string): StoredCard | undefined {
  const id = field(context.fields, name);
  if (id === undefined) return undefined;
  const recurring = context.engine.book.recurringPayments.get(id);
  if (recurring === undefined || !recurring.active) {
    throw new Refused(`field '${name}': no active recurring payment '${id}'`, errorCodes.unknownReference);
  }
  return recurring.card;
}

/** The payout destination: a card, a recurring payment's card, or an account, phone or wallet. */
export function destinationOf(context: OperationContext, required: boolean): StoredCard | undefined {
  const number = field(context.fields, "destination_card_no");
  if (number !== undefined) return cardOf(number, "destination-card-no", noDetails);
  const recurring = recurringCard(context, "destination_card_recurring_payment_id");
  if (recurring !== undefined) return recurring;
  // The published docs' other destinations: a stored card (transfer-by-ref) and, for payouts, a card
  // given by number (v4 payout). A transfer's credit_card_number is its source, never its destination.
  if (field(context.fields, "destination_card_ref_id") !== undefined)
    return cardRefOf(context, "destination_card_ref_id").card;
  const f = context.fields;
  if (required && f["credit_card_number"] !== undefined && f["card_printed_name"] !== undefined) {
    return cardOf(f["credit_card_number"], "credit_card_number", noDetails);
  }
  const other =
    (f["account_number"] !== undefined && f["bank_name"] !== undefined) ||
    f["phone"] !== undefined ||
    f["wallet_id"] !== undefined;
  if (!other && required) {
    throw new Refused(
      "missing destination: send destination-card-no, destination_card_recurring_payment_id, account_number with bank_name, phone or wallet_id",
    );
  }
  return undefined;
}

/** The sandbox test behaviour of the destination bank account, when the payout goes to one. */
function accountBehaviourOf(context: OperationContext): TestCardBehaviour | undefined {
  const accountNumber = field(context.fields, "account_number");
  return accountNumber === undefined ? undefined : bankAccountBehaviour(accountNumber);
}

/** A payout card, account or wallet for `payout`, `payoutV4` and the transfer by reference. */
function toDestination(kind: "payout" | "transfer"): ReplyHandler<components["schemas"]["AsyncResponse"]> {
  return (context) => {
    const destination = destinationOf(context, true);
    const { order, fresh } = openOrder(context, kind, "processing", () => ({
      destination,
      accountBehaviour: accountBehaviourOf(context),
      redirectUrl: context.fields["redirect_url"],
    }));
    if (fresh) context.engine.process(order, kind, order.amountMinor, "destination");
    return asyncReply(order);
  };
}

const payoutCheck: OperationHandler<"payoutCheck"> = (context) => {
  const destination = destinationOf(context, true);
  const { order, fresh } = openOrder(context, "payout", "registered", () => ({
    destination,
    accountBehaviour: accountBehaviourOf(context),
    redirectUrl: context.fields["redirect_url"],
  }));
  if (fresh)
    context.engine.options.log(`order ${order.orderid} payout registered by payout-check; waiting for payout-pay`);
  return asyncReply(order);
};

const payoutPay: OperationHandler<"payoutPay"> = (context) => {
  const order = referencedOrder(context);
  if (order.kind !== "payout" || order.operationId !== "payoutCheck") {
    throw new Refused(
      `payoutPay refused: order ${order.orderid} was not registered by payout-check`,
      errorCodes.stateRule,
    );
  }
  if (order.phase !== "registered") {
    throw new Refused(
      `payoutPay refused: order ${order.orderid} was already paid (${order.status})`,
      errorCodes.stateRule,
    );
  }
  context.engine.process(order, "payout", order.amountMinor, "destination");
  return asyncReply(order);
};

const transfer: OperationHandler<"transfer"> = (context) => {
  const recurring = recurringCard(context, "card_recurring_payment_id");
  const source =
    recurring ?? (field(context.fields, "credit_card_number") !== undefined ? storeCard(context.fields) : undefined);
  if (source === undefined)
    throw new Refused("missing source: send credit_card_number with its card fields, or card_recurring_payment_id");
  const destination = destinationOf(context, false);
  const details = () => ({ card: source, destination, redirectUrl: context.fields["redirect_url"] });
  const { order, fresh } = openOrder(context, "transfer", "processing", details);
  if (fresh) context.engine.process(order, "transfer", order.amountMinor, "transfer");
  return asyncReply(order);
};

/** Handlers of payouts (single, hosted, check-then-pay, to a stored card) and transfers (direct, hosted, by reference). */
export const payoutOperations = {
  payout: toDestination("payout"),
  payoutV4: toDestination("payout"),
  payoutForm: formOrder("payout"),
  payoutCheck,
  payoutPay,
  transfer,
  transferByRef: toDestination("transfer"),
  // The published commands of issue #43 that the same rules answer: a payout or transfer to a
  // stored card, and a transfer whose card is entered on the hosted page.
  transferByRefV2: toDestination("transfer"),
  payoutByRef: toDestination("payout"),
  transferForm: formOrder("transfer"),
  transferFormV4: formOrder("transfer"),
} satisfies OperationHandlerTable;
