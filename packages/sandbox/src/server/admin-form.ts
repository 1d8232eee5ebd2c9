import { Refused } from "../replies.js";

/**
 * The fields of an admin request's form body (or query), refusing a field that is not in
 * `allowed` or appears twice, so a request is never half understood.
 */
export function adminForm(body: string, query: URLSearchParams, allowed: readonly string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const source of [new URLSearchParams(body), query]) {
    for (const [name, value] of source) {
      if (!allowed.includes(name)) {
        throw new Refused(`field '${name}' is not known here; expected ${allowed.length === 0 ? "no fields" : allowed.map((a) => `'${a}'`).join(", ")}`);
      }
      if (fields.has(name)) throw new Refused(`field '${name}' is given more than once`);
      fields.set(name, value.trim());
    }
  }
  return fields;
}
