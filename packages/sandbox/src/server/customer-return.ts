import { controlDigest } from "@card-processing/signing";
import { customerReturnSignature } from "@card-processing/types";
import type { GatewayEngine } from "../engine/gateway-engine.js";
import type { Order } from "../engine/order.js";
import { escapeHtml, page } from "./html.js";

/** The fields the browser carries back to `redirect_url`, `control` included. */
export async function customerReturnFields(engine: GatewayEngine, order: Order): Promise<Record<string, string>> {
  const fields: Record<string, string> = {
    status: order.status,
    orderid: order.orderid,
    merchant_order: order.clientOrderId,
    client_orderid: order.clientOrderId,
  };
  const parts = customerReturnSignature.terms.map((term) => fields[term] ?? "");
  fields["control"] = await controlDigest(parts, engine.options.controlKey);
  return fields;
}

/**
 * Holds the customer's return until the order has its outcome, as the gateway does; not with a
 * manual clock (only an advance moves the order on) nor with `returnBeforeOutcome`, when the
 * customer comes back while the payment is still `processing`.
 */
export async function waitForOutcome(
  engine: GatewayEngine,
  order: Order,
  returnBeforeOutcome = engine.options.returnBeforeOutcome,
): Promise<void> {
  if (returnBeforeOutcome) return;
  await engine.waitForFinal(order, 10_000);
}

/** A page that sends the browser back to the merchant's `redirect_url` by POST. */
export async function customerReturnPage(engine: GatewayEngine, order: Order): Promise<string> {
  const target = order.redirectUrl;
  if (target === undefined) {
    return page(
      "Payment finished",
      `<h1>Finished</h1><p>Order ${escapeHtml(order.orderid)} is ${escapeHtml(order.status)}.</p>`,
    );
  }
  const fields = await customerReturnFields(engine, order);
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  engine.options.log(`order ${order.orderid} customer returns to the merchant (${order.status})`);
  return page(
    "Returning to the shop",
    `<h1>Returning to the shop…</h1>
<form id="return" method="POST" action="${escapeHtml(target)}">
${inputs}
<button type="submit">Back to the shop</button>
</form>
<script>document.getElementById("return").submit();</script>`,
  );
}
