import { fingerprintOf } from "../values/request-fingerprint.js";
import type { Order } from "./order.js";
import { openRequest } from "./order-request.js";

/**
 * An order as the rules see it, for unit tests: by default an approved, final, unsettled sale of
 * 10.00 USD captured in full. `changes` sets the fields a test is about.
 */
export function orderFixture(changes: Partial<Order> = {}): Order {
  return {
    orderid: "1000001",
    clientOrderId: "shop-1",
    endpointId: "1111",
    kind: "sale",
    operationId: "sale",
    amount: "10.00",
    currency: "USD",
    amountMinor: 1000n,
    status: "approved",
    phase: "final",
    capturedMinor: 1000n,
    refundedMinor: 0n,
    chargedBackMinor: 0n,
    settled: false,
    cancelled: false,
    pending: undefined,
    lastType: "sale",
    lastAmountMinor: 1000n,
    card: undefined,
    destination: undefined,
    accountBehaviour: undefined,
    threeDSecure: undefined,
    email: undefined,
    callbackUrl: undefined,
    notifyUrl: undefined,
    redirectUrl: undefined,
    pageToken: "0123456789abcdef01234567",
    cardRefId: undefined,
    errorMessage: undefined,
    errorCode: undefined,
    latestRequest: openRequest("sale", 1000n, 0),
    requestsBySerial: new Map(),
    fingerprint: fingerprintOf("sale", { client_orderid: "shop-1" }, "test-salt"),
    createdAt: 0,
    ...changes,
  };
}

/** An approved preauthorization of 10.00 USD, nothing captured yet. */
export function preauthFixture(changes: Partial<Order> = {}): Order {
  return orderFixture({ kind: "preauth", operationId: "preauth", lastType: "preauth", capturedMinor: 0n, ...changes });
}
