import { currencyExponent, toMinorUnits } from "@card-processing/signing";

/** Minor units of a decimal amount in `currency`, exactly (string arithmetic, no floating point). */
export function minorOf(amount: string, currency: string): bigint {
  return BigInt(toMinorUnits(amount, currency));
}

/** The decimal string of `minor` units of `currency`: `1042n` USD is `"10.42"`. */
export function decimalOf(minor: bigint, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return minor.toString();
  const digits = minor.toString().padStart(exponent + 1, "0");
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
