/**
 * What `verifyCallback`, `verifyCustomerReturn` and `verifyControl` answer: `{ ok: true }` for a
 * genuine signature, or `{ ok: false, reason }` saying why it is refused (the reason never holds a
 * secret).
 *
 * @example
 * ```ts
 * import type { VerifyResult } from "@card-processing/signing";
 * const refused: VerifyResult = { ok: false, reason: "control does not match" };
 * ```
 */
export type VerifyResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };
