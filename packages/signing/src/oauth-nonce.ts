import { toHex } from "./byte-encoding.js";

/**
 * A fresh `oauth_nonce`: 16 random bytes from `crypto.getRandomValues`, as 32 hex characters.
 *
 * @example
 * ```ts
 * import { randomNonce } from "@card-processing/signing";
 * randomNonce(); // "9f2c4e0b7a1d3c5e8f6a2b4c6d8e0f1a"
 * ```
 */
export function randomNonce(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}
