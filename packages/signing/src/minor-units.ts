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

/**
 * How the `control` string writes the amount of a currency whose ISO 4217 exponent is not 2 (JPY,
 * KWD, ...): `"iso-4217"` in minor units by the ISO 4217 exponent (1000 JPY signs `1000`, 1.5 KWD
 * `1500`), or `"hundredths"`, the amount times 100 whatever the currency, as the vendor's PHP
 * library writes it (1000 JPY signs `100000`, 1.234 KWD `123.4`). Both write two-decimal
 * currencies alike (10.42 USD signs `1042`). Which one the live gateway verifies is not published:
 * settle it against the gateway's sandbox before taking such a currency live.
 *
 * @example
 * ```ts
 * import type { ControlAmounts } from "@card-processing/signing";
 * const controlAmounts: ControlAmounts = "hundredths";
 * ```
 */
export type ControlAmounts = "iso-4217" | "hundredths";

/**
 * The two values of {@link ControlAmounts}, the default first.
 *
 * @example
 * ```ts
 * import { CONTROL_AMOUNTS } from "@card-processing/signing";
 * CONTROL_AMOUNTS.includes("hundredths"); // true
 * ```
 */
export const CONTROL_AMOUNTS: readonly ControlAmounts[] = ["iso-4217", "hundredths"];

/**
 * The `controlAmounts` option as given (absent: `"iso-4217"`), or the `SigningError` naming it.
 *
 * @throws {SigningError} `ERR_OPTION_INVALID` for any other value.
 */
export function controlAmountsOption(value: unknown, where: string): ControlAmounts {
  if (value === undefined) return "iso-4217";
  if (CONTROL_AMOUNTS.includes(value as ControlAmounts)) return value as ControlAmounts;
  throw fieldError("ERR_OPTION_INVALID", "controlAmounts", `expected "iso-4217" or "hundredths"`, where);
}

/**
 * The amount as the `control` string writes it: {@link toMinorUnits} for `"iso-4217"`, the amount
 * times 100 for `"hundredths"` (by string arithmetic, trailing zeros of a fraction dropped as PHP
 * prints a float: 1.234 KWD is `"123.4"`). The amount is checked against the currency's ISO 4217
 * exponent either way, so 10.5 JPY is refused in both.
 *
 * @throws {SigningError} `ERR_AMOUNT_INVALID`, `ERR_CURRENCY_UNKNOWN` or `ERR_OPTION_INVALID`.
 * @example
 * ```ts
 * import { toControlAmount } from "@card-processing/signing";
 * toControlAmount("1000", "JPY", "iso-4217"); // "1000"
 * toControlAmount("1000", "JPY", "hundredths"); // "100000"
 * toControlAmount("10.42", "USD", "hundredths"); // "1042"
 * ```
 */
export function toControlAmount(amount: string | number, currency: string, controlAmounts: ControlAmounts): string {
  return controlAmountOf(amount, currency, "amount", "", controlAmounts);
}

/** {@link toControlAmount} for a named amount field of an operation (the control string uses it). */
export function controlAmountOf(
  amount: string | number,
  currency: string,
  field: string,
  where: string,
  controlAmounts: ControlAmounts,
): string {
  const minor = minorUnitsOf(amount, currency, field, where);
  if (controlAmountsOption(controlAmounts, where) === "iso-4217") return minor;
  const [, whole = "", fraction = ""] = PLAIN_DECIMAL.exec(String(amount)) ?? [];
  const units = `${whole}${fraction.slice(0, 2).padEnd(2, "0")}`.replace(/^0+(?=\d)/, "");
  const rest = fraction.slice(2).replace(/0+$/, "");
  return rest === "" ? units : `${units}.${rest}`;
}
