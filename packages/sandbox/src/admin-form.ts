import { parseForm } from "./form-body.js";

/**
 * Reads the form body of an admin request, refusing what it cannot read: a content type other
 * than `application/x-www-form-urlencoded`, a malformed form, a field given twice, or a field the
 * route does not take. An admin route acts on a body only once all of it has been read, so a
 * misspelt field never widens what it does (a settle whose `orderid` was lost would settle every
 * order). An empty body reads as no fields.
 */
export function readAdminForm(
  route: string,
  contentType: string | undefined,
  body: string,
  accepted: readonly string[],
): { readonly fields: Readonly<Record<string, string>> } | { readonly error: string } {
  if (body === "") return { fields: {} };
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/x-www-form-urlencoded") {
    return { error: `Content-Type must be application/x-www-form-urlencoded, not ${type === "" ? "missing" : type}` };
  }
  const form = parseForm(body);
  if ("error" in form) return form;
  for (const name of Object.keys(form.fields)) {
    if (!accepted.includes(name)) return { error: `unknown field '${name}': ${route} takes only ${accepted.map((a) => `'${a}'`).join(", ")}` };
  }
  return { fields: form.fields };
}
