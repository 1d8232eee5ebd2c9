import { maskCardNumbersInText } from "@card-processing/signing";
import type { NewOrder, Order } from "./order.js";
import { openRequest } from "./order-request.js";

/** The ids a new order is given by the book and the id source. */
export interface NewOrderIds {
  readonly orderid: string;
  readonly pageToken: string;
}

/** A new order in `processing` made of `init`, waiting for its hosted page, card or authentication (`phase`). */
export function openOrder(init: NewOrder, phase: Order["phase"], ids: NewOrderIds, now: number): Order {
  // Every field named, no spread of `init`: spreading a caller's object and then adding two
  // dozen fields left V8 adding each one slowly, and it was the costliest line of a sale.
  return {
    clientOrderId: init.clientOrderId,
    endpointId: init.endpointId,
    kind: init.kind,
    operationId: init.operationId,
    amount: init.amount,
    currency: init.currency,
    amountMinor: init.amountMinor,
    fingerprint: init.fingerprint,
    orderid: ids.orderid,
    status: "processing",
    phase,
    capturedMinor: 0n,
    refundedMinor: 0n,
    chargedBackMinor: 0n,
    settled: false,
    cancelled: false,
    pending: undefined,
    lastType: init.kind,
    lastAmountMinor: init.amountMinor,
    card: init.card,
    destination: init.destination,
    accountBehaviour: init.accountBehaviour,
    threeDSecure: undefined,
    // Text the order keeps from the request, with signing's one masking rule applied: the order
    // reaches the admin API, the dashboard and sandbox.db.
    email: maskedText(init.email),
    callbackUrl: maskedText(init.callbackUrl),
    notifyUrl: maskedText(init.notifyUrl),
    redirectUrl: maskedText(init.redirectUrl),
    pageToken: ids.pageToken,
    cardRefId: undefined,
    errorMessage: undefined,
    errorCode: undefined,
    latestRequest: openRequest(init.kind, init.amountMinor, now),
    requestsBySerial: new Map(),
    createdAt: now,
  };
}

function maskedText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : maskCardNumbersInText(text);
}
