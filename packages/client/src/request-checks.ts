import { currencyExponent, SigningError, toMinorUnits } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";
import { UsageError, usageError, type UsageErrorCode } from "./usage-error.js";

/**
 * Refuses a request body that cannot be right, before anything is sent: a required field missing
 * (other than `control`, and `login` when the signer adds it), a currency that is not ISO 4217, an
 * amount without its currency or that is not a non-negative decimal in the currency's minor
 * unit. The amount rules are the signing package's own. Throws a {@link UsageError} naming the
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
  const where = entry.operationId;
  // The signing middleware supplies `control` always, and `login` when the signature needs it.
  const signerAddsLogin = entry.signature.terms.includes("login");
  for (const field of entry.requiredFields) {
    const value = body[field];
    if ((value === undefined || value === null || value === "") && field !== "control" && !(field === "login" && signerAddsLogin)) {
      throw usageError("ERR_FIELD_MISSING", field, "required", where);
    }
  }
  const currency = body["currency"] as string | undefined | null;
  try {
    if (currency !== undefined && currency !== null) currencyExponent(currency);
    for (const field of entry.amountFields) {
      const amount = body[field] as string | number | undefined | null;
      if (amount === undefined || amount === null) continue;
      // Minor units depend on the currency: an amount without one can be neither signed nor settled.
      if (currency === undefined || currency === null) throw usageError("ERR_FIELD_MISSING", "currency", `required with ${field}`, where);
      toMinorUnits(amount, currency, field);
    }
  } catch (error) {
    if (!(error instanceof SigningError)) throw error;
    throw new UsageError(error.code as UsageErrorCode, `${where}: ${error.message}`, { field: error.field, cause: error });
  }
}
