import { toBase64, utf8 } from "./byte-encoding.js";
import { baseStringOf, baseStringTarget, type BaseStringTarget } from "./oauth-base-string.js";
import { formDecode, rawPairs } from "./form-text.js";
import { formatOAuthHeader, oauthHeaderPairs } from "./oauth-header.js";
import { randomNonce } from "./oauth-nonce.js";
import { percentEncode } from "./percent-encode.js";
import { oauthMethodOf, type OAuthScheme } from "./signature-schemes.js";
import { requireText } from "./signing-error.js";

/**
 * Who signs and how: the scheme, the merchant login as consumer key, and the secret the scheme
 * needs (the control key for HMAC-SHA1, the PEM private key for RSA-SHA256).
 *
 * @example
 * ```ts
 * import type { OAuthSignerOptions } from "@card-processing/signing";
 * const options: OAuthSignerOptions = { scheme: "oauth-hmac-sha1", consumerKey: "shop", controlKey: "secret" };
 * ```
 */
export interface OAuthSignerOptions {
  readonly scheme: OAuthScheme;
  /** `oauth_consumer_key`: the merchant login. */
  readonly consumerKey: string;
  /** HMAC-SHA1 consumer secret: the merchant control key. */
  readonly controlKey?: string | undefined;
  /** RSA-SHA256 private key, PEM: PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`). */
  readonly privateKey?: string | undefined;
  /** `oauth_token` and its secret (RFC 5849); the gateway uses neither. */
  readonly token?: string | undefined;
  readonly tokenSecret?: string | undefined;
  /** Send `oauth_version="1.0"` (default true; RFC 5849 makes it optional, the gateway requires it). */
  readonly includeVersion?: boolean | undefined;
  /** An optional `realm`, written in the header and never signed. */
  readonly realm?: string | undefined;
  /** Clock in milliseconds (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** Nonce source (default 16 random bytes as hex). */
  readonly nonce?: (() => string) | undefined;
}

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

/** Appends the body's pairs to `out`, each name and value percent-encoded for the base string. */
function pushEncoded(out: Array<readonly [string, string]>, body: NonNullable<OAuthRequest["body"]>): void {
  const pairs = typeof body === "string" ? rawPairs(body).map(([name, value]) => [formDecode(name), formDecode(value)] as const) : body;
  for (const [name, value] of pairs) out.push([percentEncode(name), percentEncode(value)]);
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
 * Signs requests with one set of OAuth credentials.
 *
 * @example
 * ```ts
 * import { createOAuthSigner, type OAuthSigner } from "@card-processing/signing";
 * const signer: OAuthSigner = createOAuthSigner({ scheme: "oauth-hmac-sha1", consumerKey: "shop", controlKey: "k" });
 * ```
 */
export interface OAuthSigner {
  sign(request: OAuthRequest): Promise<OAuthSignature>;
}

/**
 * Creates an OAuth 1.0a signer. Its key is imported once, on first use, and reused; a missing
 * or malformed key throws at once, a key under 2048 bits on first use.
 *
 * @throws {SigningError} `ERR_KEY_MISSING`, `ERR_KEY_INVALID`, `ERR_KEY_TOO_SHORT`; `ERR_BODY_INVALID` for a consumer key, token or realm holding a lone UTF-16 surrogate.
 * @example
 * ```ts
 * import { createOAuthSigner } from "@card-processing/signing";
 * const signer = createOAuthSigner({ scheme: "oauth-rsa-sha256", consumerKey: "shop", privateKey: pem });
 * const { authorization } = await signer.sign({
 *   method: "POST",
 *   url: "https://gw.example/paynet/api/v4/payout-check/1111",
 *   body: new URLSearchParams({ "client-order-id": "PC-1", amount: "10.00", currency: "USD" }),
 * });
 * await fetch(url, { method: "POST", headers: { Authorization: authorization }, body });
 * ```
 */
export function createOAuthSigner(options: OAuthSignerOptions): OAuthSigner {
  const method = oauthMethodOf(options.scheme);
  const consumerKey = requireText(options.consumerKey, "ERR_FIELD_MISSING", "consumerKey", "the merchant login");
  method.requireSecrets(options);
  const now = options.now ?? Date.now;
  const nonce = options.nonce ?? randomNonce;
  const fixed: Array<readonly [string, string]> = [
    ["oauth_consumer_key", consumerKey],
    ["oauth_signature_method", method.signatureMethod],
  ];
  if (options.token !== undefined) fixed.push(["oauth_token", options.token]);
  if (options.includeVersion !== false) fixed.push(["oauth_version", "1.0"]);
  // What does not change between signatures is encoded once: the fixed parameters here, each
  // URL's part of the base string on first use (a bounded cache: the same few URLs come back).
  const fixedEncoded = fixed.map(([name, value]) => [percentEncode(name), percentEncode(value)] as const);
  const headerStart = formatOAuthHeader(fixed, options.realm);
  const targets = new Map<string, BaseStringTarget>();
  const targetOf = (url: string | URL): BaseStringTarget => {
    const href = String(url);
    let target = targets.get(href);
    if (!target) {
      target = baseStringTarget(href);
      if (targets.size >= 64) targets.clear();
      targets.set(href, target);
    }
    return target;
  };
  let key: Promise<CryptoKey> | undefined;

  return {
    async sign(request) {
      key ??= method.signingKey(options);
      const timestamp = String(Math.floor(now() / 1000));
      const nonceValue = nonce();
      const oauthParams: Array<readonly [string, string]> = [...fixed, ["oauth_timestamp", timestamp], ["oauth_nonce", nonceValue]];
      const encoded: Array<readonly [string, string]> = [
        ...fixedEncoded,
        ["oauth_timestamp", timestamp],
        ["oauth_nonce", percentEncode(nonceValue)],
      ];
      if (request.body) pushEncoded(encoded, request.body);
      const baseString = baseStringOf(request.method, targetOf(request.url), encoded);
      const signature = toBase64(await crypto.subtle.sign(method.algorithm, await key, utf8.encode(baseString)));
      oauthParams.push(["oauth_signature", signature]);
      // formatOAuthHeader(oauthParams, realm), with the fixed parameters written once.
      const authorization = `${headerStart}, ${oauthHeaderPairs(oauthParams.slice(fixed.length))}`;
      return { authorization, oauthParams, baseString, signature };
    },
  };
}

/**
 * Signs one request; for many requests prefer `createOAuthSigner`, which imports the key once.
 *
 * @example
 * ```ts
 * import { signOAuth } from "@card-processing/signing";
 * const { authorization } = await signOAuth(
 *   { scheme: "oauth-hmac-sha1", consumerKey: "test-merchant", controlKey: "merchant-control-key" },
 *   { method: "POST", url: "https://gw.example/paynet/api/v2/payout/1111", body: new URLSearchParams({ amount: "25.00", currency: "USD" }) },
 * );
 * ```
 */
export function signOAuth(options: OAuthSignerOptions, request: OAuthRequest): Promise<OAuthSignature> {
  return createOAuthSigner(options).sign(request);
}
