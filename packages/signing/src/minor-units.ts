import { currencyExponent } from "./currency-exponents.js";
import { fieldError } from "./signing-error.js";

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Converts an amount in major units to minor units with the currency's ISO 4217 exponent, by
 * string arithmetic: `"10.42"` USD is `"1042"`, `"5"` JPY is `"5"`, `"1.5"` KWD is `"1500"`.
 *
 * More fraction digits than the currency allows is an error, never a rounding. A number is read
 * in its shortest round-trip form, so one written with an exponent (`1e21`, `1e-7`) is refused.
 *
 * @throws {SigningError} `ERR_AMOUNT_INVALID` or `ERR_CURRENCY_UNKNOWN`.
 * @example
 * ```ts
 * import { toMinorUnits } from "@card-processing/signing";
 * toMinorUnits("10.42", "USD"); // "1042"
 * toMinorUnits(19.99, "EUR"); // "1999", not 1998.9999999999998
 * ```
 */
export function toMinorUnits(amount: string | number, currency: string): string {
  return minorUnitsOf(amount, currency, "amount", "");
}

/** {@link toMinorUnits} for a named amount field of an operation, whose errors name both (the body rules use it). */
export function minorUnitsOf(amount: string | number, currency: string, field: string, where: string): string {
  const exponent = currencyExponent(currency, where);
  const match = PLAIN_DECIMAL.exec(String(amount));
  if (!match)
    throw fieldError("ERR_AMOUNT_INVALID", field, "expected a plain non-negative decimal such as 10.42", where);
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > exponent) {
    throw fieldError(
      "ERR_AMOUNT_INVALID",
      field,
      `has ${fraction.length} fraction digits; ${currency} allows at most ${exponent}`,
      where,
    );
  }
  return (whole + fraction.padEnd(exponent, "0")).replace(/^0+(?=\d)/, "");
}
