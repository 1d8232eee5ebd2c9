import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order, StoredCard } from "../../engine/order.js";
import { proceedWithCard } from "../../engine/proceed-with-card.js";
import { storedCard } from "../../operations/request-fields.js";
import { acsUrl, hostedUrl } from "../../operations/status-reply.js";
import { passesLuhn } from "../../test-values/test-cards.js";
import type { RequestValidator } from "../../validation/request-validator.js";
import { customerReturnPage, waitForOutcome } from "./customer-return.js";
import { escapeHtml, page } from "./html.js";
import { recordPageRequest } from "./page-request-record.js";

/** An HTML answer of the page routes. */
export interface PageReply {
  readonly httpStatus: number;
  readonly html?: string;
  readonly location?: string;
}

interface PageField {
  readonly name: string;
  readonly label: string;
  /** Schema of `components.schemas` that checks the value. */
  readonly schema: string;
  readonly autocomplete: string;
}

const cardFields: readonly PageField[] = [
  { name: "credit_card_number", label: "Card number", schema: "CardNumber", autocomplete: "cc-number" },
  { name: "card_printed_name", label: "Name on card", schema: "", autocomplete: "cc-name" },
  { name: "expire_month", label: "Expiry month (MM)", schema: "ExpireMonth", autocomplete: "cc-exp-month" },
  { name: "expire_year", label: "Expiry year (YYYY)", schema: "ExpireYear", autocomplete: "cc-exp-year" },
  { name: "cvv2", label: "Security code", schema: "Cvv2", autocomplete: "cc-csc" },
];
const payoutFields: readonly PageField[] = [
  { name: "destination-card-no", label: "Recipient card number", schema: "CardNumber", autocomplete: "off" },
  { name: "receiver_name", label: "Recipient name", schema: "", autocomplete: "name" },
];

function fieldsOf(order: Order): readonly PageField[] {
  return order.kind === "payout" ? payoutFields : cardFields;
}

function formHtml(engine: GatewayEngine, order: Order, error?: string): string {
  const title =
    order.kind === "payout"
      ? "Payout: recipient details"
      : order.kind === "account-verification"
        ? "Verify your card"
        : "Pay by card";
  const inputs = fieldsOf(order)
    .map(
      (f) =>
        `<label for="${f.name}">${escapeHtml(f.label)}</label><input id="${f.name}" name="${f.name}" autocomplete="${f.autocomplete}" required>`,
    )
    .join("\n");
  const amount =
    order.kind === "account-verification"
      ? ""
      : `<p class="amount">${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</p>`;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
${amount}<p>Order ${escapeHtml(order.clientOrderId)}</p>
${error === undefined ? "" : `<p class="error" role="alert">${escapeHtml(error)}</p>`}
<form method="POST" action="${hostedUrl(engine, order)}">
${inputs}
<button type="submit" id="submit">${order.kind === "payout" ? "Send payout" : "Pay"}</button>
</form>`,
  );
}

function readCard(order: Order, form: URLSearchParams, validator: RequestValidator): StoredCard | string {
  for (const f of fieldsOf(order)) {
    const value = form.get(f.name) ?? "";
    if (value.trim() === "") return `${f.label} is required`;
    if (f.schema !== "" && !validator.schema(f.schema)(value)) return `${f.label} is not valid`;
  }
  const number = form.get(fieldsOf(order)[0]?.name ?? "") ?? "";
  if (!passesLuhn(number)) return "Card number is not valid (Luhn check failed)";
  return storedCard(number, {
    printedName: form.get("card_printed_name") ?? form.get("receiver_name") ?? "",
    expireMonth: form.get("expire_month") ?? "",
    expireYear: form.get("expire_year") ?? "",
    cvv2: form.get("cvv2") ?? undefined,
  });
}

/**
 * What the customer's submission of the hosted form does to `order`: an error message naming the
 * field when the form is refused, or `undefined` once the payment goes on (to the ACS page when the
 * card runs 3-D Secure).
 */
export function submitHostedForm(
  engine: GatewayEngine,
  validator: RequestValidator,
  order: Order,
  form: URLSearchParams,
): string | undefined {
  const card = readCard(order, form, validator);
  if (typeof card === "string") {
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
function hostedReplyStatus(order: Order, refused: string | undefined): 400 | 303 | 200 {
  if (refused !== undefined) return 400;
  return order.phase === "authenticating" ? 303 : 200;
}

/** The names of the hosted form's fields for `order`: card fields, or a payout's recipient fields. */
export function hostedFormFieldNames(order: Order): readonly string[] {
  return fieldsOf(order).map((f) => f.name);
}

/** GET and POST of a hosted page: shows the form; on submit, the order proceeds. */
export async function hostedPage(
  engine: GatewayEngine,
  validator: RequestValidator,
  token: string,
  method: string,
  body: string,
): Promise<PageReply> {
  const order = engine.book.byPageToken(token);
  if (order === undefined)
    return { httpStatus: 404, html: page("Not found", "<h1>This payment page does not exist</h1>") };
  if (order.phase !== "awaiting-form") {
    if (method === "POST") recordPageRequest(engine, "hosted", order, new URLSearchParams(body), 409);
    return {
      httpStatus: 409,
      html: page(
        "Already submitted",
        `<h1>This page was already submitted</h1><p>Order status: ${escapeHtml(order.status)}</p>`,
      ),
    };
  }
  if (method === "GET") return { httpStatus: 200, html: formHtml(engine, order) };
  const refused = submitHostedForm(engine, validator, order, new URLSearchParams(body));
  const httpStatus = hostedReplyStatus(order, refused);
  if (httpStatus === 400) return { httpStatus, html: formHtml(engine, order, refused) };
  if (httpStatus === 303) return { httpStatus, location: acsUrl(engine, order) };
  await waitForOutcome(engine, order);
  return { httpStatus: 200, html: await customerReturnPage(engine, order) };
}
