import { fromBase64, utf8 } from "./byte-encoding.js";
import type { NonceStore } from "./nonce-store.js";
import { oauthBaseString } from "./oauth-base-string.js";
import { parseOAuthHeader } from "./oauth-header.js";
import { type OAuthScheme, oauthMethodOf } from "./oauth-methods.js";

/**
 * An incoming OAuth 1.0a request and what to check it with.
 *
 * @example
 * ```ts
 * import type { VerifyOAuthInput } from "@card-processing/signing";
 * const input: VerifyOAuthInput = {
 *   method: request.method,
 *   url: request.url,
 *   body: new URLSearchParams(await request.text()),
 *   authorization: request.headers.get("authorization") ?? "",
 *   scheme: "oauth-hmac-sha1",
 *   controlKey,
 * };
 * ```
 */
export interface VerifyOAuthInput {
  readonly method: string;
  /** The full request URL as received (scheme, host, path and query). */
  readonly url: string | URL;
  readonly body: URLSearchParams;
  /** The `Authorization` header value. */
  readonly authorization: string;
  readonly scheme: OAuthScheme;
  /** The merchant control key (HMAC-SHA1). */
  readonly controlKey?: string | undefined;
  /** The merchant's RSA public key, PEM (SPKI or PKCS#1) or imported (RSA-SHA256). */
  readonly publicKey?: string | CryptoKey | undefined;
  /** Clock in milliseconds (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** Accepted clock difference in seconds, either way (default 300). */
  readonly windowSeconds?: number | undefined;
  /** Where accepted nonces are remembered; without one, replays are not detected. */
  readonly nonceStore?: NonceStore | undefined;
}

/**
 * The outcome of `verifyOAuth`: the consumer key (merchant login) that signed, or why not.
 *
 * @example
 * ```ts
 * import type { VerifyOAuthResult } from "@card-processing/signing";
 * const refused: VerifyOAuthResult = { ok: false, reason: "timestamp outside the accepted window" };
 * ```
 */
export type VerifyOAuthResult =
  | { readonly ok: true; readonly consumerKey: string }
  | { readonly ok: false; readonly reason: string };

const REQUIRED = ["oauth_consumer_key", "oauth_signature_method", "oauth_signature", "oauth_timestamp", "oauth_nonce"];

function refuse(reason: string): VerifyOAuthResult {
  return { ok: false, reason };
}

/**
 * Verifies an OAuth 1.0a signed request (HMAC-SHA1 with the control key, or RSA-SHA256 with the
 * merchant's public key): header syntax, signature method, timestamp window, the signature over
 * the rebuilt base string, then the nonce. `oauth_*` copies in the body must match the header.
 *
 * Missing keys throw a `SigningError`; everything about the request itself is a `{ ok: false }`.
 *
 * @example
 * ```ts
 * import { createMemoryNonceStore, verifyOAuth } from "@card-processing/signing";
 * const nonceStore = createMemoryNonceStore();
 * async function handle(request: Request): Promise<Response> {
 *   const result = await verifyOAuth({
 *     method: request.method,
 *     url: request.url,
 *     body: new URLSearchParams(await request.text()),
 *     authorization: request.headers.get("authorization") ?? "",
 *     scheme: "oauth-hmac-sha1",
 *     controlKey,
 *     nonceStore,
 *   });
 *   if (!result.ok) return new Response(result.reason, { status: 401 });
 *   return new Response("accepted");
 * }
 * ```
 */
export async function verifyOAuth(input: VerifyOAuthInput): Promise<VerifyOAuthResult> {
  const method = oauthMethodOf(input.scheme);
  // Resolve the key first: a verifier without its key is misconfigured, whatever the request.
  const key = await method.verifyingKey(input);
  const header = parseOAuthHeader(input.authorization);
  if (!header) return refuse("Authorization is not a well-formed OAuth header");
  for (const name of REQUIRED) if (!header.get(name)) return refuse(`${name} is missing`);
  const version = header.get("oauth_version");
  if (version !== undefined && version !== "1.0") return refuse('oauth_version must be "1.0"');
  if (header.get("oauth_signature_method") !== method.signatureMethod) {
    return refuse(`oauth_signature_method must be ${method.signatureMethod}`);
  }
  const timestampText = header.get("oauth_timestamp") as string;
  if (!/^[0-9]{1,12}$/.test(timestampText)) return refuse("oauth_timestamp must be whole seconds");
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((input.now ?? Date.now)() / 1000);
  const windowSeconds = input.windowSeconds ?? 300;
  if (Math.abs(nowSeconds - timestamp) > windowSeconds) return refuse("oauth_timestamp outside the accepted window");

  const params: Array<readonly [string, string]> = [];
  for (const [name, value] of header) if (name !== "oauth_signature" && name !== "realm") params.push([name, value]);
  for (const [name, value] of input.body) {
    if (name.startsWith("oauth_")) {
      // Copies in the body (as in the gateway's HMAC example) are signed once, from the header.
      if (header.get(name) !== value) return refuse(`${name} in the body differs from the header`);
    } else {
      params.push([name, value]);
    }
  }
  let baseString: string;
  try {
    baseString = oauthBaseString({ method: input.method, url: input.url, params });
  } catch {
    return refuse("the request URL or a parameter cannot be encoded");
  }
  const signature = fromBase64(header.get("oauth_signature") as string);
  if (!signature) return refuse("oauth_signature is not base64");
  if (!(await crypto.subtle.verify(method.algorithm, key, signature, utf8.encode(baseString)))) {
    return refuse("oauth_signature does not match the request");
  }
  const consumerKey = header.get("oauth_consumer_key") as string;
  const nonce = header.get("oauth_nonce") as string;
  // Remembered as long as the timestamp could pass the window: a replay within it is refused.
  if (input.nonceStore && (await input.nonceStore.seen(consumerKey, nonce, timestamp, timestamp + windowSeconds))) {
    return refuse("oauth_nonce was already used");
  }
  return { ok: true, consumerKey };
}
