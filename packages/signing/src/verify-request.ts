import { signatureSchemes } from "./signature-schemes.js";
import type { VerifyRequestInput, VerifyRequestResult } from "./verify-input.js";

/**
 * Verifies an incoming request by its operation's signature scheme, as the gateway does: the
 * `control` digest over the operation's terms, or the OAuth 1.0a signature of the
 * `Authorization` header (HMAC-SHA1 with the control key, RSA-SHA256 with the public key). Tells
 * who signed (the login, or the OAuth consumer key): checking that it is a known merchant is the
 * caller's part. A request the scheme refuses resolves to `{ ok: false, reason }`; missing keys
 * throw a `SigningError`.
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import { createMemoryNonceStore, verifyRequest } from "@card-processing/signing";
 * const nonceStore = createMemoryNonceStore();
 * const result = await verifyRequest({
 *   entry: operationTable["/api/v2/payout/{endpointId}"],
 *   url: request.url,
 *   body: new URLSearchParams(await request.text()),
 *   authorization: request.headers.get("authorization") ?? undefined,
 *   keys: { login: "sandbox-merchant", controlKey },
 *   nonceStore,
 * });
 * if (!result.ok) console.log(result.reason);
 * ```
 */
export function verifyRequest(input: VerifyRequestInput): Promise<VerifyRequestResult> {
  return signatureSchemes[input.entry.signature.scheme].verify(input);
}
