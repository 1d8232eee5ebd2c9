import { createHash, timingSafeEqual } from "node:crypto";
import { type ControlAmounts, controlText } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";

const HEX_DIGEST = /^[0-9a-fA-F]{40}$/;

/**
 * Whether a control-signed request's `control` holds, computed with `node:crypto`'s SHA-1: the
 * terms come from signing (`controlText`), the digest from Node, which costs a fraction of Web
 * Crypto's promise per request. A `false` says nothing of why: the caller then asks signing's
 * `verifyRequest`, which words the refusal.
 */
export function controlHolds(
  entry: OperationEntry,
  fields: Readonly<Record<string, string>>,
  endpointId: string,
  keys: { readonly login: string; readonly controlKey: string; readonly controlAmounts?: ControlAmounts },
): boolean {
  const control = fields["control"];
  if (control === undefined || !HEX_DIGEST.test(control) || !/^[0-9]+$/.test(endpointId)) return false;
  const text = controlText(entry, { endpointId, login: keys.login, body: fields, controlAmounts: keys.controlAmounts });
  if (text === undefined) return false;
  const expected = createHash("sha1")
    .update(text + keys.controlKey)
    .digest();
  return timingSafeEqual(expected, Buffer.from(control, "hex"));
}
