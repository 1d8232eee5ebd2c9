import type { GatewayEngine } from "../engine/gateway-engine.js";
import { parseForm } from "./form-body.js";
import { redactedFields } from "./request-redaction.js";

/**
 * Keeps a customer's submission of a hosted payment page or the ACS page on its order's record,
 * redacted as API requests are (the card number cut to first six and last four digits, no CVV),
 * so the dashboard's timeline shows every request an order received. Showing a page (GET) and a
 * page whose token names no order are not kept.
 */
export function recordPageRequest(
  engine: GatewayEngine,
  page: "hosted" | "acs",
  token: string,
  method: string,
  body: string,
  httpStatus: number,
): void {
  if (method !== "POST") return;
  const order = engine.book.byPageToken(token);
  if (order === undefined) return;
  const form = parseForm(body);
  engine.receive({
    operation: page === "hosted" ? "hosted page submitted" : "ACS page submitted",
    endpoint_id: order.endpointId,
    orderid: order.orderid,
    client_orderid: order.clientOrderId,
    fields: "error" in form ? {} : redactedFields(form.fields),
    http_status: httpStatus,
    outcome: `order ${order.status}`,
  });
}
