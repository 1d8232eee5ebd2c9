import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order } from "../../engine/orders/order.js";
import { redactedFields } from "../api/request-redaction.js";

/**
 * Keeps a customer's submission of a hosted payment page or the ACS page on its order's record,
 * redacted as API requests are (the card number cut to first six and last four digits, no CVV),
 * so the dashboard's timeline shows every request an order received. Called where a submission
 * reaches the order (a browser's POST and `sandbox.payHostedPage` alike), at the time it arrives.
 */
export function recordPageRequest(
  engine: GatewayEngine,
  page: "hosted" | "acs",
  order: Order,
  form: URLSearchParams,
  httpStatus: number,
): void {
  engine.journal.receive({
    operation: page === "hosted" ? "hosted page submitted" : "ACS page submitted",
    endpoint_id: order.endpointId,
    orderid: order.orderid,
    client_orderid: order.clientOrderId,
    fields: redactedFields(Object.fromEntries(form)),
    http_status: httpStatus,
    outcome: `order ${order.status}`,
  });
}
