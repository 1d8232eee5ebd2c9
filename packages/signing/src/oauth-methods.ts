import { utf8 } from "./byte-encoding.js";
import { requireControlKey } from "./control-digest.js";
import { importedOnce } from "./imported-keys.js";
import type { OAuthAlgorithm } from "./oauth-signature.js";
import { percentEncode } from "./percent-encode.js";
import { checkRsaPrivateKey, importRsaPrivateKey, importRsaPublicKey, RSA_SHA256 } from "./rsa-key.js";
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
 */
export interface SchemeSecrets {
  /** Merchant control key: the control digest's key and the HMAC consumer secret. */
  readonly controlKey?: string | undefined;
  /** OAuth token secret; the gateway uses none (empty). */
  readonly tokenSecret?: string | undefined;
  /** RSA private key, PEM (PKCS#8 or PKCS#1). */
  readonly privateKey?: string | undefined;
  /** RSA public key, PEM (SPKI or PKCS#1) or imported, for verification. */
  readonly publicKey?: string | CryptoKey | undefined;
}

/**
 * Everything about one OAuth signature method: its name, its Web Crypto algorithm, and its keys.
 */
export interface OAuthMethod {
  /** The `oauth_signature_method` value. */
  readonly signatureMethod: "HMAC-SHA1" | "RSA-SHA256";
  /** The Web Crypto algorithm for `sign` and `verify`. */
  readonly algorithm: OAuthAlgorithm;
  /** Checks synchronously that the secrets needed to sign are there and well formed. */
  requireSecrets(secrets: SchemeSecrets): void;
  /** The key that signs, imported once per secret. */
  signingKey(secrets: SchemeSecrets): Promise<CryptoKey>;
  /** The key that verifies, imported once per secret. */
  verifyingKey(secrets: SchemeSecrets): Promise<CryptoKey>;
}

/** The HMAC-SHA1 key of RFC 5849 §3.4.2: encoded consumer secret, "&", encoded token secret. */
function hmacKey(secrets: SchemeSecrets, usage: "sign" | "verify"): Promise<CryptoKey> {
  const text = `${percentEncode(requireControlKey(secrets.controlKey, "ERR_KEY_MISSING"))}&${percentEncode(secrets.tokenSecret ?? "")}`;
  return importedOnce(`hmac ${usage}\n${text}`, () =>
    crypto.subtle.importKey("raw", utf8.encode(text), { name: "HMAC", hash: "SHA-1" }, false, [usage]),
  );
}

const hmacSha1: OAuthMethod = {
  signatureMethod: "HMAC-SHA1",
  algorithm: "HMAC",
  requireSecrets: (secrets) => void requireControlKey(secrets.controlKey, "ERR_KEY_MISSING"),
  signingKey: (secrets) => hmacKey(secrets, "sign"),
  verifyingKey: (secrets) => hmacKey(secrets, "verify"),
};

const rsaSha256: OAuthMethod = {
  signatureMethod: "RSA-SHA256",
  algorithm: RSA_SHA256,
  requireSecrets(secrets) {
    if (secrets.privateKey === undefined) throw fieldError("ERR_KEY_MISSING", "privateKey", "required by RSA-SHA256");
    checkRsaPrivateKey(secrets.privateKey);
  },
  signingKey: ({ privateKey }) => importedOnce(`rsa sign\n${privateKey}`, () => importRsaPrivateKey(privateKey)),
  verifyingKey({ publicKey }) {
    if (publicKey === undefined) throw fieldError("ERR_KEY_MISSING", "publicKey", "required by RSA-SHA256");
    if (typeof publicKey !== "string") return Promise.resolve(publicKey);
    return importedOnce(`rsa verify\n${publicKey}`, () => importRsaPublicKey(publicKey));
  },
};

/**
 * The two OAuth 1.0a methods of the API by scheme name.
 */
export const oauthMethods: Readonly<Record<OAuthScheme, OAuthMethod>> = {
  "oauth-hmac-sha1": hmacSha1,
  "oauth-rsa-sha256": rsaSha256,
};

/** The OAuth method of a scheme name, or an error naming the field that held it. */
export function oauthMethodOf(scheme: string, field = "scheme"): OAuthMethod {
  const method = Object.hasOwn(oauthMethods, scheme) ? oauthMethods[scheme as OAuthScheme] : undefined;
  if (!method) throw fieldError("ERR_OPERATION_UNKNOWN", field, 'expected "oauth-hmac-sha1" or "oauth-rsa-sha256"');
  return method;
}
