import { numberToDecimal } from "./exact-decimal.js";
import { UsageError } from "./usage-error.js";

/**
 * Turns a request body into `application/x-www-form-urlencoded` text, predictably: strings as
 * they are, numbers as exact decimals (never exponent notation), booleans as `true`/`false`,
 * bigints in base 10, `undefined` and `null` left out. A nested object, an array or any other
 * value is refused with a {@link UsageError} naming the field, since the gateway reads flat
 * forms only.
 *
 * @example
 * ```ts
 * import { serializeFormBody } from "@card-processing/client";
 * serializeFormBody({ amount: 10.5, deposit2card: true, state: undefined }); // "amount=10.5&deposit2card=true"
 * ```
 */
export function serializeFormBody(body: unknown): string {
  return formParams(body).toString();
}

/**
 * The same conversion as {@link serializeFormBody}, returning `URLSearchParams`.
 *
 * @example
 * ```ts
 * formParams({ client_orderid: "902B4FF5", amount: "10.42" }).get("amount"); // "10.42"
 * ```
 */
export function formParams(body: unknown): URLSearchParams {
  if (body instanceof URLSearchParams) return body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new UsageError("ERR_FIELD_INVALID", "The request body must be a plain object of field names to values.");
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
      return value ? "true" : "false";
    case "bigint":
      return value.toString(10);
    case "number": {
      const decimal = numberToDecimal(value);
      if (decimal === undefined) {
        throw new UsageError("ERR_FIELD_INVALID", `Field "${field}" must be a finite number.`, { field });
      }
      return decimal;
    }
    case "object":
      if (value === null) return undefined;
      throw new UsageError(
        "ERR_FIELD_INVALID",
        `Field "${field}" is ${Array.isArray(value) ? "an array" : "an object"}; form bodies hold only strings, numbers and booleans.`,
        { field },
      );
    default:
      throw new UsageError("ERR_FIELD_INVALID", `Field "${field}" has a ${typeof value} value; form bodies hold only strings, numbers and booleans.`, { field });
  }
}
