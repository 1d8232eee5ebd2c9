import { toHex } from "./byte-encoding.js";

// Random bytes are drawn 4 KiB at a time and each 16-byte slice is used once: one
// `getRandomValues` call costs about as much as the rest of an OAuth signature's bookkeeping.
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let offset = 0;

/**
 * A fresh `oauth_nonce`: 16 random bytes from `crypto.getRandomValues`, as 32 hex characters.
 * The bytes come from a pool refilled 4 KiB at a time; no slice is ever handed out twice.
 *
 * @example
 * ```ts
 * import { randomNonce } from "@card-processing/signing";
 * randomNonce(); // "9f2c4e0b7a1d3c5e8f6a2b4c6d8e0f1a"
 * ```
 */
export function randomNonce(): string {
  if (offset + 16 > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + 16);
  offset += 16;
  return toHex(bytes);
}
