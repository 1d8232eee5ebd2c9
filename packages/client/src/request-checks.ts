import { currencyExponent, SigningError, toMinorUnits } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";
import { UsageError } from "./usage-error.js";

const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/**
 * The body fields the signer fills in itself, so a caller may leave them out: `control` always,
 * and `login` when the signature needs it (the signing middleware adds it from its options).
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * signerSuppliedFields(operationTable["/api/v2/capture/{endpointId}"]); // ["control", "login"]
 * ```
 */
export function signerSuppliedFields(entry: OperationEntry): readonly string[] {
  return entry.signature.terms.includes("login") ? ["control", "login"] : ["control"];
}

/**
 * Refuses a request body that cannot be right, before anything is sent: a required field missing
 * (other than what the signer supplies), an amount that is not a non-negative decimal in the
 * currency's minor unit, a currency that is not ISO 4217. Throws a {@link UsageError} naming the
 * field; values never appear in the message.
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * checkRequestBody(operationTable["/api/v2/capture/{endpointId}"], { client_orderid: "A1", orderid: "1234567" });
 * checkRequestBody(operationTable["/api/v2/capture/{endpointId}"], { client_orderid: "A1" }); // throws: orderid missing
 * ```
 */
export function checkRequestBody(entry: OperationEntry, body: Readonly<Record<string, unknown>>): void {
  const supplied = signerSuppliedFields(entry);
  for (const field of entry.requiredFields) {
    if (supplied.includes(field)) continue;
    const value = body[field];
    if (value === undefined || value === null || value === "") {
      throw new UsageError("ERR_FIELD_MISSING", `${entry.operationId}: required field "${field}" is missing.`, { field });
    }
  }
  const currency = body["currency"];
  if (currency !== undefined && currency !== null) {
    if (typeof currency !== "string") {
      throw new UsageError("ERR_CURRENCY_UNKNOWN", `${entry.operationId}: "currency" must be an ISO 4217 code such as "USD".`, { field: "currency" });
    }
    asUsageError(entry, "currency", () => currencyExponent(currency));
  }
  for (const field of entry.amountFields) {
    const amount = body[field];
    if (amount === undefined || amount === null) continue;
    if (typeof amount !== "string" && typeof amount !== "number") {
      throw amountError(entry, field, "must be a decimal string such as \"10.42\" or a number");
    }
    if (typeof currency === "string") {
      asUsageError(entry, field, () => toMinorUnits(amount, currency));
    } else if (typeof amount === "string" && !DECIMAL.test(amount)) {
      throw amountError(entry, field, "must be a non-negative decimal such as \"10.42\"");
    } else if (typeof amount === "number" && !(Number.isFinite(amount) && amount >= 0)) {
      throw amountError(entry, field, "must be a finite, non-negative number");
    }
    if (currency === undefined || currency === null) {
      // An amount without its currency cannot be signed or settled: minor units depend on it.
      throw new UsageError("ERR_FIELD_MISSING", `${entry.operationId}: "${field}" is sent, so "currency" is required with it.`, { field: "currency" });
    }
  }
}

function amountError(entry: OperationEntry, field: string, rule: string): UsageError {
  return new UsageError("ERR_AMOUNT_INVALID", `${entry.operationId}: "${field}" ${rule}.`, { field });
}

function asUsageError(entry: OperationEntry, field: string, check: () => unknown): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof SigningError)) throw error;
    const code = error.code === "ERR_CURRENCY_UNKNOWN" ? "ERR_CURRENCY_UNKNOWN" : "ERR_AMOUNT_INVALID";
    const rule = error.message.replace(/^amount /, "");
    throw new UsageError(code, `${entry.operationId}: "${field}" ${code === "ERR_CURRENCY_UNKNOWN" ? "is not an ISO 4217 currency code" : rule}.`, { field, cause: error });
  }
}
