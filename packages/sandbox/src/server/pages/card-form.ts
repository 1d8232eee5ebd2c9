import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order, StoredCard } from "../../engine/orders/order.js";
import { storedCard } from "../../operations/request-fields.js";
import { hostedUrl } from "../../operations/status-reply.js";
import { passesLuhn } from "../../test-values/test-cards.js";
import type { RequestValidator } from "../../validation/request-validator.js";
import { escapeHtml, page } from "./html.js";

interface PageField {
  readonly name: string;
  readonly label: string;
  /** Schema of `components.schemas` that checks the value. */
  readonly schema: string;
  readonly autocomplete: string;
  /** Phones show a keypad of digits for it. */
  readonly numeric: boolean;
  /** Shown again after a refusal; never a card number or a security code. */
  readonly kept: boolean;
}

const cardFields: readonly PageField[] = [
  {
    name: "credit_card_number",
    label: "Card number",
    schema: "CardNumber",
    autocomplete: "cc-number",
    numeric: true,
    kept: false,
  },
  { name: "card_printed_name", label: "Name on card", schema: "", autocomplete: "cc-name", numeric: false, kept: true },
  {
    name: "expire_month",
    label: "Expiry month (MM)",
    schema: "ExpireMonth",
    autocomplete: "cc-exp-month",
    numeric: true,
    kept: true,
  },
  {
    name: "expire_year",
    label: "Expiry year (YYYY or YY)",
    schema: "ExpireYear",
    autocomplete: "cc-exp-year",
    numeric: true,
    kept: true,
  },
  { name: "cvv2", label: "Security code", schema: "Cvv2", autocomplete: "cc-csc", numeric: true, kept: false },
];
const payoutFields: readonly PageField[] = [
  {
    name: "destination-card-no",
    label: "Recipient card number",
    schema: "CardNumber",
    autocomplete: "off",
    numeric: true,
    kept: false,
  },
  { name: "receiver_name", label: "Recipient name", schema: "", autocomplete: "name", numeric: false, kept: true },
];

/** A field the hosted form refused, and why. */
export interface FieldRefusal {
  readonly field: string;
  readonly message: string;
}

function fieldsOf(order: Order): readonly PageField[] {
  return order.kind === "payout" ? payoutFields : cardFields;
}

/** The names of the hosted form's fields for `order`: card fields, or a payout's recipient fields. */
export function hostedFormFieldNames(order: Order): readonly string[] {
  return fieldsOf(order).map((f) => f.name);
}

/** A card number as printed (`4111 1111 1111 1111`, `4111-1111-...`) as the digits it is. */
function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The card the customer typed, or the first field refused. */
export function readCard(order: Order, form: URLSearchParams, validator: RequestValidator): StoredCard | FieldRefusal {
  const fields = fieldsOf(order);
  const numberField = fields[0]?.name ?? "";
  const number = cardDigits(form.get(numberField) ?? "");
  for (const f of fields) {
    const value = f.name === numberField ? number : (form.get(f.name) ?? "");
    if (value.trim() === "") return { field: f.name, message: `${f.label} is required` };
    if (f.schema !== "" && !validator.schema(f.schema)(value))
      return { field: f.name, message: `${f.label} is not valid` };
  }
  if (!passesLuhn(number)) return { field: numberField, message: "Card number is not valid (Luhn check failed)" };
  return storedCard(number, {
    printedName: form.get("card_printed_name") ?? form.get("receiver_name") ?? "",
    expireMonth: form.get("expire_month") ?? "",
    expireYear: form.get("expire_year") ?? "",
    cvv2: form.get("cvv2") ?? undefined,
  });
}

function inputHtml(f: PageField, refused: FieldRefusal | undefined, form: URLSearchParams | undefined): string {
  const value = f.kept ? (form?.get(f.name) ?? "") : "";
  const wrong = refused?.field === f.name;
  const attributes = [
    `id="${f.name}"`,
    `name="${f.name}"`,
    `autocomplete="${f.autocomplete}"`,
    f.numeric ? `inputmode="numeric"` : "",
    value === "" ? "" : `value="${escapeHtml(value)}"`,
    wrong ? `aria-invalid="true" aria-describedby="${f.name}-error" autofocus` : "",
    "required",
  ].filter((a) => a !== "");
  const message = wrong
    ? `\n<p class="error" id="${f.name}-error" role="alert">${escapeHtml(refused.message)}</p>`
    : "";
  return `<label for="${f.name}">${escapeHtml(f.label)}</label><input ${attributes.join(" ")}>${message}`;
}

/**
 * The hosted form of `order`; after a refusal, with the refused field marked (`aria-invalid`),
 * described by its message and focused, and what is not secret kept as the customer typed it.
 */
export function cardFormHtml(
  engine: GatewayEngine,
  order: Order,
  refused?: FieldRefusal,
  form?: URLSearchParams,
): string {
  const title =
    order.kind === "payout"
      ? "Payout: recipient details"
      : order.kind === "account-verification"
        ? "Verify your card"
        : "Pay by card";
  const inputs = fieldsOf(order)
    .map((f) => inputHtml(f, refused, form))
    .join("\n");
  const amount =
    order.kind === "account-verification"
      ? ""
      : `<p class="amount">${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</p>`;
  const action = hostedUrl(engine, order);
  const cancel = order.redirectUrl === undefined ? "Cancel payment" : "Cancel and return to the shop";
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
${amount}<p>Order ${escapeHtml(order.clientOrderId)}</p>
<form method="POST" action="${action}">
${inputs}
<button type="submit" id="submit">${order.kind === "payout" ? "Send payout" : "Pay"}</button>
</form>
<form method="POST" action="${action}">
<input type="hidden" name="cancel" value="1">
<button type="submit" id="cancel" class="secondary">${cancel}</button>
</form>`,
  );
}
