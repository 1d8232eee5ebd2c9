import { toHex, utf8 } from "./byte-encoding.js";
import { requireText } from "./signing-error.js";

/**
 * The `control` signature over given terms: SHA-1 of the terms concatenated with no separator,
 * followed by the merchant control key, as 40 lowercase hexadecimal characters.
 *
 * Use it with your own HTTP stack; `signRequest` picks the terms of an operation for you.
 *
 * @example
 * ```ts
 * import { controlDigest } from "@card-processing/signing";
 * // sale: endpointId, client_orderid, amount in minor units, email
 * await controlDigest(["1111", "902B4FF5", "1042", "john.smith@gmail.com"], "B17F59B4-A7DC-41B4-8FF9-37D986B43D20");
 * // "c6bdd88a78834ef4b863b088827a459f039e8257"
 * ```
 */
export async function controlDigest(parts: readonly string[], controlKey: string): Promise<string> {
  return sha1Hex(parts.join("") + controlKey);
}

/** SHA-1 of the UTF-8 bytes of a string, lowercase hex. */
export async function sha1Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-1", utf8.encode(text)));
}

/** The merchant control key, or the error that names it: the check of every `controlKey` input. */
export function requireControlKey(
  key: unknown,
  code: "ERR_KEY_INVALID" | "ERR_KEY_MISSING" = "ERR_KEY_INVALID",
): string {
  return requireText(key, code, "controlKey", "the merchant control key");
}
