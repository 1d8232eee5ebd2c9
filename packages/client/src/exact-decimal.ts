/**
 * Writes a finite number as a plain decimal string without an exponent, exactly as JavaScript's
 * shortest round-trip form says (`1e21` gives `"1000000000000000000000"`, `1e-7` gives
 * `"0.0000001"`). Returns `undefined` for `NaN` and infinities.
 *
 * @example
 * ```ts
 * numberToDecimal(10.42); // "10.42"
 * numberToDecimal(1.5e-7); // "0.00000015"
 * ```
 */
export function numberToDecimal(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(Object.is(value, -0) ? 0 : value);
  const e = text.indexOf("e");
  if (e === -1) return text;
  // Scale the digit string instead of the number so no floating-point rounding enters.
  const negative = text.startsWith("-");
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  const digits = mantissa.replace(".", "");
  const point = (dot === -1 ? mantissa.length : dot) + exponent;
  let out: string;
  if (point <= 0) out = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + "0".repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${out}` : out;
}
