import { checkBody } from "@card-processing/signing";
import { type OperationEntry, operationTable } from "@card-processing/types";
import type { Middleware } from "openapi-fetch";

const entries: Readonly<Record<string, OperationEntry>> = operationTable;

/**
 * openapi-fetch middleware that refuses a request body that cannot be right, before anything is
 * sent: it reads the form the request carries and applies the operation's body rules from
 * `@card-processing/signing` (required fields, amounts with their currency in its minor unit), the
 * same rules signing applies, so the same mistake gives the same `SigningError` on either path.
 *
 * @example
 * ```ts
 * client.use(requestChecks);
 * ```
 */
export const requestChecks: Middleware = {
  async onRequest({ request, schemaPath }) {
    const entry = Object.hasOwn(entries, schemaPath) ? entries[schemaPath] : undefined;
    if (!entry || request.body === null) return undefined;
    const text = await request.text();
    checkBody(entry, new URLSearchParams(text));
    return new Request(request, { body: text });
  },
};
