import type { components } from "@card-processing/types";
import type { GatewayEngine } from "../engine/gateway-engine.js";
import type { Order } from "../engine/orders/order.js";
import { decimalOf } from "../engine/values/money.js";
import { errorCodes, ok, Refused, type Reply } from "./replies.js";

type StatusResponse = components["schemas"]["StatusResponse"];

/** The ACS page address of an order in its 3-D Secure step. */
export function acsUrl(engine: GatewayEngine, order: Order): string {
  return `${engine.baseUrl}/acs/${order.pageToken}`;
}

/** The hosted payment page address of an order waiting for the customer's card. */
export function hostedUrl(engine: GatewayEngine, order: Order): string {
  return `${engine.baseUrl}/hosted/${order.pageToken}`;
}

/** The `html` a merchant shows the customer to start the 3-D Secure step: a form posting to the ACS page. */
export function threeDSecureHtml(engine: GatewayEngine, order: Order): string {
  const action = acsUrl(engine, order);
  return (
    `<!doctype html><html><body onload="document.forms[0].submit()">` +
    `<form method="GET" action="${action}"><noscript><button type="submit">Continue to 3-D Secure</button></noscript></form>` +
    `</body></html>`
  );
}

/** The `status-response` of an order. */
export function statusReply(engine: GatewayEngine, order: Order, byRequestSn?: string): Reply<StatusResponse> {
  const request = byRequestSn === undefined ? order.latestRequest : order.requestsBySerial.get(byRequestSn);
  if (request === undefined) {
    throw new Refused(
      `by-request-sn '${byRequestSn ?? ""}' names no request of order ${order.orderid}`,
      errorCodes.unknownReference,
    );
  }
  const latest = request === order.latestRequest;
  const body: Omit<StatusResponse, "serial-number"> = {
    type: "status-response",
    // The order's status is that of its latest request; an earlier one keeps its own.
    status: latest ? order.status : request.status,
    amount: byRequestSn === undefined ? order.amount : decimalOf(request.amountMinor, order.currency),
    currency: order.currency,
    "paynet-order-id": order.orderid,
    "merchant-order-id": order.clientOrderId,
  };
  const card = order.card;
  if (card !== undefined) {
    body["last-four-digits"] = card.lastFour;
    body["bin"] = card.bin;
    body["card-type"] = card.brand;
    if (card.printedName !== "") body["cardholder-name"] = card.printedName;
    if (card.expireMonth !== "") body["card-exp-month"] = card.expireMonth;
    if (card.expireYear !== "") body["card-exp-year"] = card.expireYear;
  }
  if (order.cardRefId !== undefined) body["card-ref-id"] = order.cardRefId;
  if (latest && order.phase === "authenticating") {
    body["html"] = threeDSecureHtml(engine, order);
    body["redirect-url"] = acsUrl(engine, order);
  } else if (latest && order.phase === "awaiting-form") {
    body["redirect-url"] = hostedUrl(engine, order);
  }
  if (order.threeDSecure?.result !== undefined) body["three-ds-result"] = order.threeDSecure.result;
  const errorMessage = latest ? order.errorMessage : request.errorMessage;
  const errorCode = latest ? order.errorCode : request.errorCode;
  if (errorMessage !== undefined) body["error-message"] = errorMessage;
  if (errorCode !== undefined) body["error-code"] = errorCode;
  if (byRequestSn !== undefined) body["by-request-sn"] = byRequestSn;
  if (order.capturedMinor > 0n) {
    // The sandbox's own keys (the spec marks them so): what a status of the order leaves unsaid.
    body["sandbox-captured-amount"] = decimalOf(order.capturedMinor, order.currency);
    body["sandbox-returned-amount"] = decimalOf(order.refundedMinor, order.currency);
    body["sandbox-charged-back-amount"] = decimalOf(order.chargedBackMinor, order.currency);
  }
  return ok(body);
}
