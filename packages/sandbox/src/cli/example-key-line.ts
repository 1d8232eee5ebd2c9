import { exampleMerchant } from "@card-processing/types";
import type { Sandbox } from "../start-sandbox.js";

/**
 * The banner's key line for a sandbox started with no key flag on loopback: it holds the
 * reference's example merchant, unless its data directory kept a control key of its own from an
 * earlier run (then its RSA pair was generated for this run and written nowhere).
 */
export function exampleKeyLine(sandbox: Sandbox): string {
  if (sandbox.publicKey === exampleMerchant.rsaPublicKeyPem)
    return `keys:         the reference's example merchant (x-example-merchant in openapi.json, with its RSA test pair),
              so the reference's samples run as printed; on any other --host the sandbox makes keys of its own`;
  return "private key:  generated for this run and written nowhere (--private-key-out F writes one)";
}
