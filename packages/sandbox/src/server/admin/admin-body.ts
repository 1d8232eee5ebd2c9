import { FORM_MEDIA_TYPE } from "@card-processing/types";
import { parseForm } from "../api/form-body.js";

/** An admin request's body as received: its text and its `Content-Type`. */
export interface AdminBody {
  readonly text: string;
  readonly contentType: string | undefined;
}

/** The refusal of a field an admin route does not take. */
export function unknownField(name: string, route: string, accepted: readonly string[]): string {
  return `unknown field '${name}': ${route} takes ${accepted.length === 0 ? "no fields" : `only ${accepted.map((a) => `'${a}'`).join(", ")}`}`;
}

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
  if (type !== FORM_MEDIA_TYPE) {
    return { error: `Content-Type must be ${FORM_MEDIA_TYPE}, not ${type === "" ? "missing" : type}` };
  }
  const form = parseForm(body);
  if ("error" in form) return form;
  for (const name of Object.keys(form.fields)) {
    if (!accepted.includes(name)) return { error: unknownField(name, route, accepted) };
  }
  return { fields: form.fields };
}
