/**
 * Writes a finite number as a plain decimal string without an exponent, exactly as JavaScript's
 * shortest round-trip form says (`1e21` gives `"1000000000000000000000"`, `1e-7` gives
 * `"0.0000001"`). Returns `undefined` for `NaN` and infinities.
 */
export function numberToDecimal(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const [mantissa = "", exponent] = String(Object.is(value, -0) ? 0 : value).split("e");
  if (exponent === undefined) return mantissa;
  // Scale the digit string instead of the number so no floating-point rounding enters.
  const [whole = "", fraction = ""] = mantissa.replace("-", "").split(".");
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const decimal =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits.padEnd(point, "0")
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return value < 0 ? `-${decimal}` : decimal;
}
