import type { GatewayEngine } from "./gateway-engine.js";
import type { Order } from "./order.js";
import type { components } from "@card-processing/types";
import { ok, type Reply } from "./replies.js";

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
  const body: Omit<StatusResponse, "serial-number"> = {
    type: "status-response",
    status: order.status,
    amount: order.amount,
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
  if (order.phase === "authenticating") {
    body["html"] = threeDSecureHtml(engine, order);
    body["redirect-url"] = acsUrl(engine, order);
  } else if (order.phase === "awaiting-form") {
    body["redirect-url"] = hostedUrl(engine, order);
  }
  if (order.threeDSecure?.result !== undefined) body["three-ds-result"] = order.threeDSecure.result;
  if (order.errorMessage !== undefined) body["error-message"] = order.errorMessage;
  if (order.errorCode !== undefined) body["error-code"] = order.errorCode;
  if (byRequestSn !== undefined) body["by-request-sn"] = byRequestSn;
  return ok(body);
}
