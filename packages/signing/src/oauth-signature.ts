import { toBase64, utf8 } from "./byte-encoding.js";
import { oauthBaseString } from "./oauth-base-string.js";
import { formatOAuthHeader } from "./oauth-header.js";
import type { RSA_SHA256 } from "./rsa-key.js";

/**
 * The request to sign. `body` holds the form parameters, as pairs or as the form-encoded text that
 * is sent (`a=1&b=x+y`); the URL's query parameters are signed too.
 *
 * @example
 * ```ts
 * import type { OAuthRequest } from "@card-processing/signing";
 * const request: OAuthRequest = { method: "POST", url: "https://gw.example/paynet/api/v2/payout/1", body: new URLSearchParams("amount=1.00") };
 * ```
 */
export interface OAuthRequest {
  readonly method: string;
  readonly url: string | URL;
  readonly body?: URLSearchParams | Iterable<readonly [string, string]> | string | undefined;
}

/**
 * A signed request: the header value, the `oauth_*` parameters (with `oauth_signature`, to copy
 * into the body when wanted), the base string and the base64 signature.
 *
 * @example
 * ```ts
 * import { signOAuth, type OAuthSignature } from "@card-processing/signing";
 * const signed: OAuthSignature = await signOAuth({ scheme: "oauth-hmac-sha1", consumerKey: "shop", controlKey: "k" }, { method: "POST", url: "https://gw.example/x" });
 * signed.authorization.startsWith("OAuth "); // true
 * ```
 */
export interface OAuthSignature {
  readonly authorization: string;
  readonly oauthParams: ReadonlyArray<readonly [string, string]>;
  readonly baseString: string;
  readonly signature: string;
}

/**
 * The Web Crypto algorithm of an OAuth signature method (internal), spelled out instead of the DOM
 * library's `AlgorithmIdentifier`, which runtimes' own typings (`@cloudflare/workers-types`) lack.
 */
export type OAuthAlgorithm = "HMAC" | typeof RSA_SHA256;

/** Everything one OAuth 1.0a signature is computed from (internal). */
export interface OAuthSignatureInput {
  readonly signatureMethod: string;
  readonly algorithm: OAuthAlgorithm;
  readonly key: CryptoKey;
  /** The `oauth_*` parameters that do not change between requests: consumer key, token, version. */
  readonly fixedParams: ReadonlyArray<readonly [string, string]>;
  readonly realm?: string | undefined;
  readonly timestamp: string;
  readonly nonce: string;
  readonly request: OAuthRequest;
}

/** Computes the signature of RFC 5849 §3.4 and writes the `Authorization` header (internal). */
export async function oauthSignature(input: OAuthSignatureInput): Promise<OAuthSignature> {
  const oauthParams: Array<readonly [string, string]> = [
    ...input.fixedParams,
    ["oauth_timestamp", input.timestamp],
    ["oauth_nonce", input.nonce],
  ];
  const { body } = input.request;
  const bodyPairs = body === undefined ? [] : typeof body === "string" ? new URLSearchParams(body) : body;
  const baseString = oauthBaseString({
    method: input.request.method,
    url: input.request.url,
    params: [...oauthParams, ...bodyPairs],
  });
  const signature = toBase64(await crypto.subtle.sign(input.algorithm, input.key, utf8.encode(baseString)));
  oauthParams.push(["oauth_signature", signature]);
  return { authorization: formatOAuthHeader(oauthParams, input.realm), oauthParams, baseString, signature };
}
