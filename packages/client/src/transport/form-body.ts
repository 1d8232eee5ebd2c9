import { type UsageError, usageError } from "../errors/usage-error.js";
import { numberToDecimal } from "./exact-decimal.js";

/**
 * Turns a request body into `application/x-www-form-urlencoded` text, predictably: strings as
 * they are, numbers as exact decimals (never exponent notation), booleans as `true`/`false`,
 * bigints in base 10, `undefined` and `null` left out. A nested object, an array or any other
 * value is refused with a {@link UsageError} naming the field, since the gateway reads flat
 * forms only. The client's body serializer: `{ amount: 10.5, deposit2card: true }` is sent as
 * `amount=10.5&deposit2card=true`.
 */
export function serializeFormBody(body: unknown): string {
  return formParams(body).toString();
}

/**
 * The same conversion as {@link serializeFormBody}, returning `URLSearchParams`.
 */
export function formParams(body: unknown): URLSearchParams {
  if (body instanceof URLSearchParams) return body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw usageError("ERR_FIELD_INVALID", "body", "expected an object of form fields");
  }
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(body)) {
    const text = formValue(field, value);
    if (text !== undefined) params.append(field, text);
  }
  return params;
}

function formValue(field: string, value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "undefined":
      return undefined;
    case "boolean":
    case "bigint":
      return String(value);
    case "number": {
      const decimal = numberToDecimal(value);
      if (decimal !== undefined) return decimal;
      break;
    }
    case "object":
      if (value === null) return undefined;
  }
  // NaN and infinities are named as they are; anything else only by its kind.
  const got =
    typeof value === "number"
      ? String(value)
      : Array.isArray(value)
        ? "an array"
        : typeof value === "object"
          ? "an object"
          : `a ${typeof value}`;
  throw usageError("ERR_FIELD_INVALID", field, `expected a string, a finite number or a boolean, not ${got}`);
}
