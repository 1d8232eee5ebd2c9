import type { OperationEntry } from "@card-processing/types";
import { constantTimeEqual } from "./constant-time-equal.js";
import { requireControlKey, sha1Hex } from "./control-digest.js";
import { controlString, requireControlScheme } from "./control-terms.js";
import { SigningError } from "./signing-error.js";

/**
 * What `computeControl` signs: the path's endpoint id, the merchant login, the form body and the
 * merchant control key.
 *
 * @example
 * ```ts
 * import type { ControlInput } from "@card-processing/signing";
 * const input: ControlInput = { endpointId: 1111, login: "shop", body: { client_orderid: "A1" }, controlKey: "secret" };
 * ```
 */
export interface ControlInput {
  readonly endpointId: string | number;
  readonly login: string;
  readonly body: Readonly<Record<string, string>> | URLSearchParams;
  readonly controlKey: string;
}

/**
 * Reads a field of a body given as a plain object or as URLSearchParams (internal). An object's
 * strings, numbers, booleans and bigints read as their text; any other value is absent.
 */
export function reader(body: Readonly<Record<string, unknown>> | URLSearchParams): (field: string) => string | undefined {
  if (body instanceof URLSearchParams) return (field) => body.get(field) ?? undefined;
  return (field) => {
    const value = Object.hasOwn(body, field) ? body[field] : undefined;
    const kind = typeof value;
    return kind === "string" || kind === "number" || kind === "boolean" || kind === "bigint" ? String(value) : undefined;
  };
}

/**
 * The `control` value of a request to a control-signed operation, from the operation's entry
 * in the operation table.
 *
 * @throws {SigningError} `ERR_OPERATION_UNKNOWN` when the operation is not control-signed,
 *   `ERR_FIELD_MISSING`, `ERR_AMOUNT_INVALID` or `ERR_CURRENCY_UNKNOWN` for a bad body.
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import { computeControl } from "@card-processing/signing";
 * const control = await computeControl(operationTable["/api/v2/capture/{endpointId}"], {
 *   endpointId: 1111,
 *   login: "test-merchant",
 *   body: { client_orderid: "CP-1", orderid: "1234567", amount: "5.00", currency: "USD" },
 *   controlKey: "merchant-control-key",
 * });
 * ```
 */
export async function computeControl(entry: OperationEntry, input: ControlInput): Promise<string> {
  const key = requireControlKey(input.controlKey);
  const text = controlString(requireControlScheme(entry), { get: reader(input.body) }, input.endpointId, input.login);
  return sha1Hex(text + key);
}

/**
 * Checks the `control` of an incoming request in constant time. A body that cannot be signed
 * (a required term missing, an amount that is not a decimal) fails verification.
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import { verifyControl } from "@card-processing/signing";
 * const body = Object.fromEntries(new URLSearchParams(await request.text()));
 * const ok = await verifyControl(operationTable["/api/v2/void/{endpointId}"], {
 *   endpointId: 1111, login: body.login ?? "", body, controlKey, control: body.control ?? "",
 * });
 * ```
 */
export async function verifyControl(entry: OperationEntry, input: ControlInput & { readonly control: string }): Promise<boolean> {
  // Misuse (no key, an operation not signed with control) throws; a request whose terms cannot
  // be read (a missing field, a bad amount) is simply not verified.
  const key = requireControlKey(input.controlKey);
  requireControlScheme(entry);
  let text: string;
  try {
    text = controlString(entry, { get: reader(input.body) }, input.endpointId, input.login);
  } catch (error) {
    if (error instanceof SigningError) return false;
    throw error;
  }
  return constantTimeEqual(await sha1Hex(text + key), String(input.control).toLowerCase());
}
