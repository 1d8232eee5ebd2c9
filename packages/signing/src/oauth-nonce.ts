import { toHex } from "./byte-encoding.js";

/**
 * A fresh `oauth_nonce`: 16 random bytes from `crypto.getRandomValues`, as 32 hex characters.
 */
export function randomNonce(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}
