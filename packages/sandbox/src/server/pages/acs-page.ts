import { resultOfTransStatus } from "../../engine/decisions/three-ds-result.js";
import { completeAuthentication } from "../../engine/decisions/three-ds-step.js";
import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order } from "../../engine/orders/order.js";
import { expireIfDue } from "../../engine/time/page-lifetime.js";
import { acsUrl } from "../../operations/status-reply.js";
import { customerReturnPage, waitForOutcome } from "./customer-return.js";
import { endPage, notFoundPage, type PageReply } from "./end-pages.js";
import { escapeHtml, page } from "./html.js";
import { recordPageRequest } from "./page-request-record.js";

/** GET and POST of the sandbox's ACS page, where the customer passes or fails 3-D Secure. */
export async function acsPage(engine: GatewayEngine, token: string, method: string, body: string): Promise<PageReply> {
  const order = engine.book.byPageToken(token);
  if (order === undefined) return notFoundPage();
  const tds = order.threeDSecure;
  if (expireIfDue(engine, order) || order.phase !== "authenticating" || tds === undefined) {
    const reply = await endPage(engine, order, "This authentication is already finished");
    if (method === "POST") recordPageRequest(engine, "acs", order, new URLSearchParams(body), reply.httpStatus);
    return reply;
  }
  const password = order.card?.behaviour.threeDSecurePassword;
  if (method === "GET") {
    const card = order.card;
    const secret =
      password === undefined
        ? `<p>Sandbox code: any value.</p>
<label for="otp">One-time code</label><input id="otp" name="otp" autocomplete="one-time-code" inputmode="numeric" value="">`
        : `<p>Sandbox password: <code>hint</code> authenticates, any other fails.</p>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="off" value="">`;
    return {
      httpStatus: 200,
      html: page(
        "3-D Secure",
        `<h1>3-D Secure ${tds.version === "1.0.2" ? "1.0.2" : "2"} authentication</h1>
<p>Confirm the payment of <span class="amount">${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</span>
${card === undefined ? "" : ` with the card ending ${escapeHtml(card.lastFour)}`}.</p>
<form method="POST" action="${acsUrl(engine, order)}">
${secret}
<button type="submit" name="transStatus" value="Y" id="authenticate">Authenticate</button>
<button type="submit" name="transStatus" value="N" id="fail">Fail authentication</button>
</form>`,
      ),
    };
  }
  submitAcsForm(engine, order, new URLSearchParams(body));
  await waitForOutcome(engine, order);
  return { httpStatus: 200, html: await customerReturnPage(engine, order) };
}

/** The customer's answer on the ACS page (`transStatus`, and the password where the card has one). */
export function submitAcsForm(engine: GatewayEngine, order: Order, form: URLSearchParams): void {
  const password = order.card?.behaviour.threeDSecurePassword;
  const pressed = form.get("transStatus") ?? "N";
  // The documented gateway's test form authenticates only with its password.
  const transStatus = password !== undefined && pressed === "Y" && form.get("password") !== password ? "N" : pressed;
  completeAuthentication(engine, order, resultOfTransStatus(transStatus), "ACS page");
  recordPageRequest(engine, "acs", order, form, 200);
}
