import { currencyExponent } from "./currency-exponents.js";
import { fieldError } from "./signing-error.js";

/** True for a non-empty run of ASCII digits. */
function isDigits(text: string): boolean {
  if (text === "") return false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * Converts an amount in major units to minor units with the currency's ISO 4217 exponent, by
 * string arithmetic: `"10.42"` USD is `"1042"`, `"5"` JPY is `"5"`, `"1.5"` KWD is `"1500"`.
 *
 * More fraction digits than the currency allows is an error, never a rounding. A number is read
 * in its shortest round-trip form, so one written with an exponent (`1e21`, `1e-7`) is refused.
 * `field` names the amount in error messages (default `"amount"`).
 *
 * @throws {SigningError} `ERR_AMOUNT_INVALID` or `ERR_CURRENCY_UNKNOWN`.
 * @example
 * ```ts
 * import { toMinorUnits } from "@card-processing/signing";
 * toMinorUnits("10.42", "USD"); // "1042"
 * toMinorUnits(19.99, "EUR"); // "1999", not 1998.9999999999998
 * ```
 */
export function toMinorUnits(amount: string | number, currency: string, field = "amount"): string {
  const exponent = currencyExponent(currency);
  // String() of a number is the decimal the caller wrote; NaN, infinities, negatives and exponent
  // forms are not digits with at most one point between them. (Scanned by hand: on the path of
  // every signed request, a pattern costs several times more while the code is cold.)
  const text = String(amount);
  const point = text.indexOf(".");
  const whole = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? "" : text.slice(point + 1);
  if (!isDigits(whole) || (point >= 0 && !isDigits(fraction))) {
    throw fieldError("ERR_AMOUNT_INVALID", field, "expected a plain non-negative decimal such as 10.42");
  }
  if (fraction.length > exponent) {
    throw fieldError("ERR_AMOUNT_INVALID", field, `has ${fraction.length} fraction digits; ${currency} allows at most ${exponent}`);
  }
  const minor = whole + fraction.padEnd(exponent, "0");
  let first = 0;
  while (first < minor.length - 1 && minor.charCodeAt(first) === 48) first++;
  return minor.slice(first);
}
