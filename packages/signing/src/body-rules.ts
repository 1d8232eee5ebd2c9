import { checkedFieldPatterns, type OperationEntry } from "@card-processing/types";
import { currencyExponent } from "./currency-exponents.js";
import { type ControlAmounts, controlAmountOf } from "./minor-units.js";
import { fieldError } from "./signing-error.js";

/**
 * A request body as signing and the client's checks read it: a plain object (strings, numbers,
 * booleans and bigints read as their text; anything else is absent) or form parameters.
 *
 * @example
 * ```ts
 * import type { BodyFields } from "@card-processing/signing";
 * const body: BodyFields = new URLSearchParams("client_orderid=902B4FF5&orderid=1234567");
 * ```
 */
export type BodyFields = Readonly<Record<string, unknown>> | URLSearchParams;

/** Reads one field of a body; absent and empty fields read as `undefined`. */
export type FieldReader = (field: string) => string | undefined;

/** The reader of a body, the one way every signer, verifier and check reads fields. */
export function readerOf(body: BodyFields): FieldReader {
  if (body instanceof URLSearchParams) return (field) => body.get(field) || undefined;
  return (field) => {
    const value = Object.hasOwn(body, field) ? body[field] : undefined;
    const kind = typeof value;
    const text = kind === "string" || kind === "number" || kind === "boolean" || kind === "bigint" ? String(value) : "";
    return text === "" ? undefined : text;
  };
}

/** A field the operation requires (or a signature term needs), or the error naming it. */
export function requiredField(entry: OperationEntry, read: FieldReader, field: string, rule = "required"): string {
  const value = read(field);
  if (value === undefined) throw fieldError("ERR_FIELD_MISSING", field, rule, entry.operationId);
  return value;
}

/**
 * An amount field as the control string writes it (minor units by default; see
 * {@link ControlAmounts}): its partner `currency` must be there, the currency must be ISO 4217 and
 * the amount a plain decimal within the currency's exponent.
 */
export function amountInMinorUnits(
  entry: OperationEntry,
  read: FieldReader,
  field: string,
  amount: string,
  controlAmounts: ControlAmounts = "iso-4217",
): string {
  const currency = requiredField(entry, read, "currency", `required with ${field}`);
  return controlAmountOf(amount, currency, field, entry.operationId, controlAmounts);
}

/** True when the field holds an amount: `amount` in a term list, or one of the entry's amount fields. */
export function isAmountField(entry: OperationEntry, field: string): boolean {
  return field === "amount" || entry.amountFields.includes(field);
}

/**
 * Checks a request body against its operation's rules before anything is sent: every required
 * field present (except `control`, and `login` where a signature term supplies it, which signing
 * adds), every field the spec requires by condition (`state` when `country` is US, CA or AU),
 * every field the spec checks before sending in its form (`currency` three capital letters,
 * `country` two), every amount with its currency, in the currency's minor unit, and a known currency.
 *
 * @throws {SigningError} `ERR_FIELD_MISSING`, `ERR_FIELD_INVALID`, `ERR_AMOUNT_INVALID` or `ERR_CURRENCY_UNKNOWN`, naming the field.
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import { checkBody } from "@card-processing/signing";
 * checkBody(operationTable["/api/v2/capture/{endpointId}"], { client_orderid: "A1", orderid: "1234567" });
 * ```
 */
export function checkBody(entry: OperationEntry, body: BodyFields): void {
  const read = readerOf(body);
  const signerAddsLogin = entry.signature.terms.includes("login");
  for (const field of entry.requiredFields) {
    if (field === "control" || (field === "login" && signerAddsLogin)) continue;
    requiredField(entry, read, field);
  }
  for (const { when, in: values, fields } of entry.conditionalFields ?? []) {
    const value = read(when);
    if (value === undefined || !values.includes(value)) continue;
    for (const field of fields) requiredField(entry, read, field, `required when ${when} is ${value}`);
  }
  // The value is never repeated: a field checked this way could one day hold a secret.
  for (const [field, { pattern, rule }] of Object.entries(checkedFieldPatterns)) {
    const value = read(field);
    if (value !== undefined && !new RegExp(pattern).test(value))
      throw fieldError(
        "ERR_FIELD_INVALID",
        field,
        `expected ${rule.replace(/\.$/, "")} (${pattern})`,
        entry.operationId,
      );
  }
  const currency = read("currency");
  if (currency !== undefined) currencyExponent(currency, entry.operationId);
  for (const field of entry.amountFields) {
    const amount = read(field);
    if (amount !== undefined) amountInMinorUnits(entry, read, field, amount);
  }
}
