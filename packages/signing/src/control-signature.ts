import type { OperationEntry } from "@card-processing/types";
import { type BodyFields, readerOf } from "./body-rules.js";
import { constantTimeEqual } from "./constant-time-equal.js";
import { requireControlKey, sha1Hex } from "./control-digest.js";
import { controlString } from "./control-terms.js";
import { CONTROL_AMOUNTS, type ControlAmounts, controlAmountsOption } from "./minor-units.js";
import { SigningError } from "./signing-error.js";
import type { VerifyResult } from "./verify-result.js";

/**
 * What `verifyControl` checks: the path's endpoint id, the merchant login, the form body, the
 * merchant control key and the `control` received.
 *
 * @example
 * ```ts
 * import type { VerifyControlInput } from "@card-processing/signing";
 * const input: VerifyControlInput = { endpointId: 1111, login: "shop", body: { client_orderid: "A1" }, controlKey: "secret", control: "…" };
 * ```
 */
export interface VerifyControlInput {
  readonly endpointId: string | number;
  readonly login: string;
  readonly body: BodyFields;
  readonly controlKey: string;
  readonly control: string;
  /** How the control string writes amounts of currencies without two decimals (default `"iso-4217"`). */
  readonly controlAmounts?: ControlAmounts | undefined;
}

/**
 * Checks the `control` of an incoming request in constant time, reading its terms as the signer
 * does: `{ ok: true }`, or `{ ok: false, reason }`. A body that cannot be signed (a required term
 * missing, an amount that is not a decimal) fails verification.
 *
 * @throws {SigningError} `ERR_KEY_INVALID` without a control key, `ERR_OPERATION_UNKNOWN` for an operation not signed with control.
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import { verifyControl } from "@card-processing/signing";
 * const body = new URLSearchParams(await request.text());
 * const { ok } = await verifyControl(operationTable["/api/v2/void/{endpointId}"], {
 *   endpointId: 1111, login: "sandbox-merchant", body, controlKey, control: body.get("control") ?? "",
 * });
 * ```
 */
export async function verifyControl(entry: OperationEntry, input: VerifyControlInput): Promise<VerifyResult> {
  // Misuse (no key, an operation not signed with control) throws; a request whose terms cannot
  // be read (a missing field, a bad amount) is simply not verified.
  const key = requireControlKey(input.controlKey);
  if (entry.signature.scheme !== "control") {
    throw new SigningError(
      "ERR_OPERATION_UNKNOWN",
      `${entry.operationId}: signed with ${entry.signature.scheme}, not control`,
    );
  }
  const controlAmounts = controlAmountsOption(input.controlAmounts, "verifyControl");
  const text = readControlText(entry, input, controlAmounts);
  if (text instanceof SigningError) return { ok: false, reason: text.message };
  const received = String(input.control).toLowerCase();
  if (constantTimeEqual(await sha1Hex(text + key), received)) return { ok: true };
  const terms = [...entry.signature.terms, "merchant control key"].join(" + ");
  const other = CONTROL_AMOUNTS.find((way) => way !== controlAmounts) ?? controlAmounts;
  const otherText = readControlText(entry, input, other);
  if (
    typeof otherText === "string" &&
    otherText !== text &&
    constantTimeEqual(await sha1Hex(otherText + key), received)
  )
    return { ok: false, reason: `control does not match: ${mixedAmountsReason(controlAmounts, other)}` };
  return { ok: false, reason: `control does not match: expected SHA-1 of ${terms}` };
}

/** Why a control signed the other way is refused, and what to change on either side. */
function mixedAmountsReason(expected: ControlAmounts, signed: ControlAmounts): string {
  return `its amount was written with controlAmounts '${signed}', this verifier expects controlAmounts '${expected}' (iso-4217: 1000 JPY as 1000; hundredths, as the vendor's PHP library signs: 100000); sign and verify the same way`;
}

/**
 * The text whose SHA-1, followed by the merchant control key, is the `control` of a request of a
 * control-signed operation: its terms concatenated as the signer reads them, or `undefined` when a
 * term cannot be read (a required field missing, an amount that is not a decimal). For a server
 * that computes the digest with its own SHA-1 (the sandbox uses `node:crypto`).
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import { controlText } from "@card-processing/signing";
 * controlText(operationTable["/api/v2/sale/{endpointId}"], {
 *   endpointId: 1111, login: "sandbox-merchant",
 *   body: { client_orderid: "902B4FF5", amount: "10.42", currency: "USD", email: "john.smith@gmail.com" },
 * });
 * // "1111902B4FF51042john.smith@gmail.com"
 * ```
 */
export function controlText(
  entry: OperationEntry,
  input: Pick<VerifyControlInput, "endpointId" | "login" | "body" | "controlAmounts">,
): string | undefined {
  const text = readControlText(entry, input, controlAmountsOption(input.controlAmounts, "controlText"));
  return text instanceof SigningError ? undefined : text;
}

/** The control text, or the {@link SigningError} that says which term could not be read. */
function readControlText(
  entry: OperationEntry,
  input: Pick<VerifyControlInput, "endpointId" | "login" | "body">,
  controlAmounts: ControlAmounts,
): string | SigningError {
  try {
    return controlString(entry, readerOf(input.body), String(input.endpointId), input.login, controlAmounts);
  } catch (error) {
    if (error instanceof SigningError) return error;
    throw error;
  }
}
