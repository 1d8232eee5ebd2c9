import { currencyExponent } from "./currency-exponents.js";
import { SigningError } from "./signing-error.js";

const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;

function invalid(rule: string): SigningError {
  return new SigningError("ERR_AMOUNT_INVALID", `amount ${rule}`, { field: "amount" });
}

/** Turns a number into the decimal string it stands for, refusing values with no exact one. */
function decimalOf(amount: number): string {
  if (!Number.isFinite(amount)) throw invalid("must be a finite number");
  if (amount < 0) throw invalid("must not be negative");
  // The shortest round-trip form is the decimal the caller wrote; exponent forms only appear
  // below 1e-6 (too many fraction digits for any currency) or from 1e21 (beyond exact integers).
  const text = String(amount);
  if (text.includes("e")) throw invalid(`${text} has no exact decimal form; pass it as a decimal string`);
  return text;
}

/**
 * Converts an amount in major units to minor units with the currency's ISO 4217 exponent, by
 * string arithmetic: `"10.42"` USD is `"1042"`, `"5"` JPY is `"5"`, `"1.5"` KWD is `"1500"`.
 *
 * More fraction digits than the currency allows is an error, never a rounding.
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
  const exponent = currencyExponent(currency);
  const text = typeof amount === "number" ? decimalOf(amount) : amount;
  if (typeof text !== "string") throw invalid("must be a decimal string or a number");
  const match = DECIMAL.exec(text);
  if (!match) throw invalid("must be a non-negative decimal such as 10.42 (digits, at most one point)");
  const whole = match[1] as string;
  const fraction = match[2] ?? "";
  if (fraction.length > exponent) {
    throw invalid(`has ${fraction.length} fraction digits; ${currency} allows at most ${exponent}`);
  }
  const digits = (whole + fraction.padEnd(exponent, "0")).replace(/^0+/, "");
  return digits === "" ? "0" : digits;
}
