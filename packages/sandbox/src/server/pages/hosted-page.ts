import { proceedWithCard } from "../../engine/decisions/proceed-with-card.js";
import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order } from "../../engine/orders/order.js";
import { endPageVisit, expireIfDue } from "../../engine/time/page-lifetime.js";
import { acsUrl } from "../../operations/status-reply.js";
import type { RequestValidator } from "../../validation/request-validator.js";
import { cardFormHtml, type FieldRefusal, readCard } from "./card-form.js";
import { customerReturnPage, waitForOutcome } from "./customer-return.js";
import { endPage, notFoundPage, type PageReply } from "./end-pages.js";
import { recordPageRequest } from "./page-request-record.js";

/**
 * What the customer's submission of the hosted form does to `order`: the field refused and why
 * when the form is refused, or `undefined` once the payment goes on (to the ACS page when the
 * card runs 3-D Secure).
 */
export function submitHostedForm(
  engine: GatewayEngine,
  validator: RequestValidator,
  order: Order,
  form: URLSearchParams,
): FieldRefusal | undefined {
  const card = readCard(order, form, validator);
  if ("field" in card) {
    recordPageRequest(engine, "hosted", order, form, hostedReplyStatus(order, card));
    return card;
  }
  if (order.kind === "payout") {
    order.destination = card;
  } else {
    order.card = card;
  }
  engine.options.log(`order ${order.orderid} hosted page submitted`);
  if (order.kind === "payout") {
    engine.process(order, "payout", order.amountMinor, "hostedPayout");
  } else {
    proceedWithCard(engine, order);
  }
  recordPageRequest(engine, "hosted", order, form, hostedReplyStatus(order, undefined));
  return undefined;
}

/** The HTTP status the hosted page answers a submission with: 400 refused, 303 to the ACS page, 200 the return page. */
function hostedReplyStatus(order: Order, refused: FieldRefusal | undefined): 400 | 303 | 200 {
  if (refused !== undefined) return 400;
  return order.phase === "authenticating" ? 303 : 200;
}

/**
 * GET and POST of a hosted page: shows the form; on submit, the order proceeds; on cancel, it
 * ends declined and the customer goes back to the shop. An expired or used page says so.
 */
export async function hostedPage(
  engine: GatewayEngine,
  validator: RequestValidator,
  token: string,
  method: string,
  body: string,
): Promise<PageReply> {
  const order = engine.book.byPageToken(token);
  if (order === undefined) return notFoundPage();
  const form = new URLSearchParams(body);
  if (expireIfDue(engine, order) || order.phase !== "awaiting-form") {
    const reply = await endPage(engine, order);
    if (method === "POST") recordPageRequest(engine, "hosted", order, form, reply.httpStatus);
    return reply;
  }
  if (method === "GET") return { httpStatus: 200, html: cardFormHtml(engine, order) };
  if (form.get("cancel") !== null) {
    endPageVisit(engine, order, "cancelled");
    recordPageRequest(engine, "hosted", order, form, 200);
    return { httpStatus: 200, html: await customerReturnPage(engine, order) };
  }
  const refused = submitHostedForm(engine, validator, order, form);
  const httpStatus = hostedReplyStatus(order, refused);
  if (refused !== undefined) return { httpStatus, html: cardFormHtml(engine, order, refused, form) };
  if (httpStatus === 303) return { httpStatus, location: acsUrl(engine, order) };
  await waitForOutcome(engine, order);
  return { httpStatus: 200, html: await customerReturnPage(engine, order) };
}
