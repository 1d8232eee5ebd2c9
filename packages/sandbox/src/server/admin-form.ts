import { Refused } from "../operations/replies.js";
import { type AdminBody, readAdminForm, unknownField } from "./admin-body.js";

/**
 * The fields of an admin request, from its form body (read by `readAdminForm`: form content type,
 * well-formed, only `allowed` fields) and its query, refusing a field that is not in `allowed` or
 * appears twice, so a request is never half understood.
 */
export function adminForm(
  route: string,
  body: AdminBody,
  query: URLSearchParams,
  allowed: readonly string[],
): Map<string, string> {
  const form = readAdminForm(route, body.contentType, body.text, allowed);
  if ("error" in form) throw new Refused(form.error);
  const fields = new Map<string, string>(Object.entries(form.fields).map(([name, value]) => [name, value.trim()]));
  for (const [name, value] of query) {
    if (!allowed.includes(name)) {
      throw new Refused(unknownField(name, route, allowed));
    }
    if (fields.has(name)) throw new Refused(`field '${name}' is given more than once`);
    fields.set(name, value.trim());
  }
  return fields;
}
