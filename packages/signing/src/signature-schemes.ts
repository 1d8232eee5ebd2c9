import type { SignatureScheme } from "@card-processing/types";
import { utf8 } from "./byte-encoding.js";
import { percentEncode } from "./percent-encode.js";
import { requireControlKey } from "./control-digest.js";
import { importRsaPrivateKey, readPem, RSA_SHA256 } from "./rsa-key.js";
import { fieldError } from "./signing-error.js";

/**
 * The OAuth 1.0a schemes of the API.
 *
 * @example
 * ```ts
 * import type { OAuthScheme } from "@card-processing/signing";
 * const scheme: OAuthScheme = "oauth-hmac-sha1";
 * ```
 */
export type OAuthScheme = "oauth-hmac-sha1" | "oauth-rsa-sha256";

/**
 * The secrets a signer or verifier may hold; each scheme takes the ones it needs.
 *
 * @example
 * ```ts
 * import type { SchemeSecrets } from "@card-processing/signing";
 * const secrets: SchemeSecrets = { controlKey: "merchant-control-key", privateKey: pem };
 * ```
 */
export interface SchemeSecrets {
  /** Merchant control key: the control digest's key and the HMAC consumer secret. */
  readonly controlKey?: string | undefined;
  /** OAuth token secret; the gateway uses none (empty). */
  readonly tokenSecret?: string | undefined;
  /** RSA private key, PEM (PKCS#8 or PKCS#1). */
  readonly privateKey?: string | undefined;
}

/**
 * Everything a signer needs to know about one OAuth signature method. Verification keys are
 * imported by `verifyOAuth` itself, so code that only signs carries no public-key import.
 *
 * @example
 * ```ts
 * import { signatureSchemes, type OAuthMethod } from "@card-processing/signing";
 * const hmac: OAuthMethod = signatureSchemes["oauth-hmac-sha1"];
 * const key = await hmac.signingKey({ controlKey: "merchant-control-key" });
 * ```
 */
export interface OAuthMethod {
  readonly kind: "oauth";
  /** The `oauth_signature_method` value. */
  readonly signatureMethod: "HMAC-SHA1" | "RSA-SHA256";
  /** The Web Crypto algorithm for `sign` and `verify`. */
  readonly algorithm: AlgorithmIdentifier;
  /** Checks synchronously that the secrets needed are there, so misuse fails before any request. */
  requireSecrets(secrets: SchemeSecrets): void;
  /** Imports the key that signs: the HMAC key from `controlKey`, or the RSA `privateKey`. */
  signingKey(secrets: SchemeSecrets): Promise<CryptoKey>;
}

/** The HMAC-SHA1 key of RFC 5849 §3.4.2 for `sign` or `verify`. */
export function hmacKey(secrets: SchemeSecrets, usage: "sign" | "verify"): Promise<CryptoKey> {
  // RFC 5849 §3.4.2: encoded consumer secret, "&", encoded token secret (empty for the gateway).
  const consumerSecret = requireControlKey(secrets.controlKey, "ERR_KEY_MISSING");
  const raw = utf8.encode(`${percentEncode(consumerSecret)}&${percentEncode(secrets.tokenSecret ?? "")}`);
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-1" }, false, [usage]);
}

const hmacSha1: OAuthMethod = {
  kind: "oauth",
  signatureMethod: "HMAC-SHA1",
  algorithm: "HMAC",
  requireSecrets: (secrets) => void requireControlKey(secrets.controlKey, "ERR_KEY_MISSING"),
  signingKey: (secrets) => hmacKey(secrets, "sign"),
};

const rsaSha256: OAuthMethod = {
  kind: "oauth",
  signatureMethod: "RSA-SHA256",
  algorithm: RSA_SHA256,
  requireSecrets(secrets) {
    if (secrets.privateKey === undefined) throw fieldError("ERR_KEY_MISSING", "privateKey", "required by RSA-SHA256");
    readPem(secrets.privateKey, "privateKey", "PRIVATE KEY");
  },
  signingKey: (secrets) => importRsaPrivateKey(secrets.privateKey),
};

/**
 * Each signature scheme of the operation table, described once: `control` (SHA-1 digest added
 * as a body field), the two OAuth 1.0a methods, and `none`.
 *
 * @example
 * ```ts
 * import { signatureSchemes } from "@card-processing/signing";
 * signatureSchemes["oauth-rsa-sha256"].signatureMethod; // "RSA-SHA256"
 * ```
 */
export const signatureSchemes = {
  control: { kind: "control" },
  "oauth-hmac-sha1": hmacSha1,
  "oauth-rsa-sha256": rsaSha256,
  none: { kind: "none" },
} as const satisfies Record<SignatureScheme, { readonly kind: "control" | "oauth" | "none" }>;

/** The OAuth method of a scheme name, or an error naming the field that held it. */
export function oauthMethodOf(scheme: string, field = "scheme"): OAuthMethod {
  if (scheme === "oauth-hmac-sha1" || scheme === "oauth-rsa-sha256") return signatureSchemes[scheme];
  throw fieldError("ERR_OPERATION_UNKNOWN", field, 'expected "oauth-hmac-sha1" or "oauth-rsa-sha256"');
}
