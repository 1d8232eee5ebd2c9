/**
 * What `parseCallback` and `parseCustomerReturn` accept: `URLSearchParams`, a query string or
 * form body (with or without a leading `?`), or a plain object such as a framework's parsed
 * `req.query` (the first value of an array is used).
 *
 * @example
 * ```ts
 * import type { ParamsInput } from "@card-processing/client";
 * const input: ParamsInput = "?status=approved&orderid=1234567&client_orderid=hf-abc&control=…";
 * ```
 */
export type ParamsInput =
  | URLSearchParams
  | string
  | Readonly<Record<string, string | readonly string[] | number | undefined | null>>;

/**
 * Reads any {@link ParamsInput} into a record of strings, values trimmed.
 */
export function paramsRecord(input: ParamsInput): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof input === "string" || input instanceof URLSearchParams) {
    const params = typeof input === "string" ? new URLSearchParams(input.trim().replace(/^\?/, "")) : input;
    for (const [key, value] of params) if (!(key in out)) out[key] = value.trim();
    return out;
  }
  if (input === null || typeof input !== "object") {
    throw new TypeError("params: expected URLSearchParams, a query string or an object");
  }
  for (const [key, value] of Object.entries(input)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first === undefined || first === null) continue;
    out[key] = String(first).trim();
  }
  return out;
}
