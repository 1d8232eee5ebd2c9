import { controlDigest } from "@card-processing/signing";
import { customerReturnSignature } from "@card-processing/types";
import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order } from "../../engine/orders/order.js";
import { autoSubmitScript, escapeHtml, page } from "./html.js";

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
  await engine.finals.waitForFinal(order, 10_000);
}

/**
 * A form that takes the customer back to the merchant's `redirect_url` with the order's signed
 * return fields, as the gateway's final redirect does; a sentence saying there is none to go back
 * to when the order has no `redirect_url`.
 */
export async function backToShopForm(engine: GatewayEngine, order: Order, id = "return"): Promise<string> {
  const target = order.redirectUrl;
  if (target === undefined) return "<p>The shop gave no address to return to: you can close this page.</p>";
  const fields = await customerReturnFields(engine, order);
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return `<form id="${id}" method="POST" action="${escapeHtml(target)}">
${inputs}
<button type="submit">Back to the shop</button>
</form>`;
}

/** A page that sends the browser back to the merchant's `redirect_url` by POST. */
export async function customerReturnPage(engine: GatewayEngine, order: Order): Promise<string> {
  if (order.redirectUrl === undefined) {
    return page(
      "Payment finished",
      `<h1>Finished</h1><p>Order ${escapeHtml(order.orderid)} is ${escapeHtml(order.status)}.</p>
${await backToShopForm(engine, order)}`,
    );
  }
  engine.options.log(`order ${order.orderid} customer returns to the merchant (${order.status})`);
  return page(
    "Returning to the shop",
    `<h1>Returning to the shop…</h1>
${await backToShopForm(engine, order)}
<script>${autoSubmitScript}</script>`,
  );
}
