import { callbackSignature, customerReturnSignature, type SignatureRule } from "@card-processing/types";
import { readerOf } from "./body-rules.js";
import { constantTimeEqual } from "./constant-time-equal.js";
import { controlDigest, requireControlKey } from "./control-digest.js";
import type { VerifyResult } from "./verify-result.js";

/**
 * The parameters of a callback or customer return, to verify: `URLSearchParams` or a plain object.
 *
 * @example
 * ```ts
 * import type { SignedParams } from "@card-processing/signing";
 * const params: SignedParams = new URLSearchParams("status=approved&orderid=1234567&client_orderid=902B4FF5");
 * ```
 */
export type SignedParams = Readonly<Record<string, string | undefined>> | URLSearchParams;
type Params = SignedParams;

function digestOf(rule: SignatureRule, params: Params, controlKey: string): Promise<string> {
  const read = readerOf(params);
  return controlDigest(
    rule.terms.map((term) => read(term) ?? ""),
    requireControlKey(controlKey),
  );
}

async function verify(rule: SignatureRule, params: Params, controlKey: string): Promise<VerifyResult> {
  const control = readerOf(params)("control") ?? "";
  const expected = await digestOf(rule, params, controlKey);
  if (control === "") return { ok: false, reason: "no control parameter" };
  if (!constantTimeEqual(expected, control.toLowerCase())) {
    return {
      ok: false,
      reason: `control does not match: expected SHA-1 of ${[...rule.terms, "merchant control key"].join(" + ")}`,
    };
  }
  return { ok: true };
}

/**
 * The `control` of a server callback: SHA-1 of `status + orderid + client_orderid` and the
 * merchant control key, as the gateway computes it (useful to build test callbacks).
 *
 * @example
 * ```ts
 * import { callbackControl } from "@card-processing/signing";
 * await callbackControl({ status: "approved", orderid: "1234567", client_orderid: "hf-abc" }, "test-merchant-control");
 * // "652ace404c4dfe8bba069ecee594ec23a89340e1"
 * ```
 */
export function callbackControl(
  params: { readonly status: string; readonly orderid: string; readonly client_orderid: string },
  controlKey: string,
): Promise<string> {
  return digestOf(callbackSignature, params, controlKey);
}

/**
 * Checks the `control` of a server callback (the GET to `server_callback_url`) in constant time:
 * `{ ok: true }`, or `{ ok: false, reason }`.
 *
 * @example
 * ```ts
 * import { verifyCallback } from "@card-processing/signing";
 * const verdict = await verifyCallback(new URL(request.url).searchParams, controlKey);
 * if (!verdict.ok) console.warn(`refused callback: ${verdict.reason}`);
 * ```
 */
export function verifyCallback(params: Params, controlKey: string): Promise<VerifyResult> {
  return verify(callbackSignature, params, controlKey);
}

/**
 * Checks the `control` of a customer's return to `redirect_url` (`status + orderid +
 * merchant_order` and the key). A valid return is still not proof of payment: ask the status
 * operation. Answers `{ ok: true }`, or `{ ok: false, reason }`.
 *
 * @example
 * ```ts
 * import { verifyCustomerReturn } from "@card-processing/signing";
 * const form = new URLSearchParams(await request.text());
 * const { ok } = await verifyCustomerReturn(form, controlKey);
 * ```
 */
export function verifyCustomerReturn(params: Params, controlKey: string): Promise<VerifyResult> {
  return verify(customerReturnSignature, params, controlKey);
}
