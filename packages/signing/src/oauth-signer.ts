import { type OAuthScheme, oauthMethodOf } from "./oauth-methods.js";
import { randomNonce } from "./oauth-nonce.js";
import { type OAuthRequest, type OAuthSignature, oauthSignature } from "./oauth-signature.js";
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
 * Creates an OAuth 1.0a signer. A missing or malformed key throws at once, a key under 2048 bits
 * on first use.
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
 * ```
 */
export function createOAuthSigner(options: OAuthSignerOptions): OAuthSigner {
  const method = oauthMethodOf(options.scheme);
  const consumerKey = requireText(options.consumerKey, "ERR_FIELD_MISSING", "consumerKey", "the merchant login");
  method.requireSecrets(options);
  const fixedParams: Array<readonly [string, string]> = [
    ["oauth_consumer_key", consumerKey],
    ["oauth_signature_method", method.signatureMethod],
  ];
  if (options.token !== undefined) fixedParams.push(["oauth_token", options.token]);
  if (options.includeVersion !== false) fixedParams.push(["oauth_version", "1.0"]);
  return {
    async sign(request) {
      return oauthSignature({
        signatureMethod: method.signatureMethod,
        algorithm: method.algorithm,
        key: await method.signingKey(options),
        fixedParams,
        realm: options.realm,
        timestamp: String(Math.floor((options.now ?? Date.now)() / 1000)),
        nonce: (options.nonce ?? randomNonce)(),
        request,
      });
    },
  };
}

/**
 * Signs one request with OAuth 1.0a. Every failure, a bad key included, rejects the promise.
 *
 * @example
 * ```ts
 * import { signOAuth } from "@card-processing/signing";
 * const { authorization } = await signOAuth(
 *   { scheme: "oauth-hmac-sha1", consumerKey: "sandbox-merchant", controlKey: "merchant-control-key" },
 *   { method: "POST", url: "https://gw.example/paynet/api/v2/payout/1111", body: new URLSearchParams({ amount: "25.00", currency: "USD" }) },
 * );
 * ```
 */
export async function signOAuth(options: OAuthSignerOptions, request: OAuthRequest): Promise<OAuthSignature> {
  return createOAuthSigner(options).sign(request);
}
