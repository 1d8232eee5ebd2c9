import type { OperationEntry, SignatureScheme } from "@card-processing/types";
import { utf8 } from "./byte-encoding.js";
import { readerOf } from "./body-rules.js";
import { requireControlKey, sha1Hex } from "./control-digest.js";
import { controlString } from "./control-terms.js";
import { importedOnce } from "./imported-keys.js";
import { randomNonce } from "./oauth-nonce.js";
import { oauthSignature } from "./oauth-signature.js";
import { percentEncode } from "./percent-encode.js";
import { importRsaPrivateKey, importRsaPublicKey, readPem, RSA_SHA256 } from "./rsa-key.js";
import type { SignatureAddition, SignInput } from "./sign-input.js";
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
  /** RSA public key, PEM (SPKI or PKCS#1) or imported, for verification. */
  readonly publicKey?: string | CryptoKey | undefined;
}

/**
 * Everything about one OAuth signature method: its name, its Web Crypto algorithm, and its keys.
 *
 * @example
 * ```ts
 * import { signatureSchemes, type OAuthMethod } from "@card-processing/signing";
 * const hmac: OAuthMethod | undefined = signatureSchemes["oauth-hmac-sha1"].oauth;
 * ```
 */
export interface OAuthMethod {
  /** The `oauth_signature_method` value. */
  readonly signatureMethod: "HMAC-SHA1" | "RSA-SHA256";
  /** The Web Crypto algorithm for `sign` and `verify`. */
  readonly algorithm: AlgorithmIdentifier;
  /** Checks synchronously that the secrets needed to sign are there. */
  requireSecrets(secrets: SchemeSecrets): void;
  /** The key that signs, imported once per secret. */
  signingKey(secrets: SchemeSecrets): Promise<CryptoKey>;
  /** The key that verifies, imported once per secret. */
  verifyingKey(secrets: SchemeSecrets): Promise<CryptoKey>;
}

/**
 * Everything the SDK does differently per signature scheme: the one place that knows them.
 *
 * @example
 * ```ts
 * import { signatureSchemes, type SchemeBehaviour } from "@card-processing/signing";
 * const control: SchemeBehaviour = signatureSchemes.control;
 * ```
 */
export interface SchemeBehaviour {
  /** The OAuth method, for the OAuth schemes. */
  readonly oauth?: OAuthMethod | undefined;
  /** Checks synchronously that the keys it needs are there, so misuse fails before any request. */
  requireSecrets(secrets: SchemeSecrets): void;
  /** Computes what to add to a request. */
  sign(input: SignInput): Promise<SignatureAddition>;
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
    readPem(secrets.privateKey, "privateKey", "PRIVATE KEY");
  },
  signingKey: ({ privateKey }) => importedOnce(`rsa sign\n${privateKey}`, () => importRsaPrivateKey(privateKey)),
  verifyingKey({ publicKey }) {
    if (publicKey === undefined) throw fieldError("ERR_KEY_MISSING", "publicKey", "required by RSA-SHA256");
    if (typeof publicKey !== "string") return Promise.resolve(publicKey);
    return importedOnce(`rsa verify\n${publicKey}`, () => importRsaPublicKey(publicKey));
  },
};

/** The `endpointId` of a request URL: the path segment where the entry's template has it. */
function endpointIdOf(entry: OperationEntry, url: string | URL): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch (cause) {
    throw fieldError("ERR_URL_INVALID", "url", "expected an absolute http(s) URL", entry.operationId, cause);
  }
  const prefix = entry.path.slice(0, entry.path.indexOf("{endpointId}"));
  const at = path.lastIndexOf(prefix);
  const id = at < 0 ? "" : decodeURIComponent(path.slice(at + prefix.length));
  if (id === "" || id.includes("/")) throw fieldError("ERR_URL_INVALID", "url", `expected a URL ending in ${entry.path}`, entry.operationId);
  return id;
}

const control: SchemeBehaviour = {
  requireSecrets: (secrets) => void requireControlKey(secrets.controlKey),
  async sign({ entry, body, url, keys }) {
    const read = readerOf(body);
    const text = controlString(entry, read, endpointIdOf(entry, url), keys.login);
    const fields: Record<string, string> = { control: await sha1Hex(text + requireControlKey(keys.controlKey)) };
    if (entry.signature.terms.includes("login") && read("login") === undefined) fields["login"] = keys.login;
    return { fields, headers: {} };
  },
};

/** The form pairs of a body, read as signing reads every body. */
function formPairs(body: SignInput["body"]): Array<[string, string]> {
  if (body instanceof URLSearchParams) return [...body];
  const read = readerOf(body);
  return Object.keys(body).flatMap((name): Array<[string, string]> => {
    const value = read(name);
    return value === undefined ? [] : [[name, value]];
  });
}

function oauth(method: OAuthMethod): SchemeBehaviour {
  return {
    oauth: method,
    requireSecrets: method.requireSecrets,
    async sign({ body, url, method: httpMethod, keys, oauthParamsInBody, now, nonce }) {
      method.requireSecrets(keys);
      const signed = await oauthSignature({
        signatureMethod: method.signatureMethod,
        algorithm: method.algorithm,
        key: await method.signingKey(keys),
        fixedParams: [
          ["oauth_consumer_key", keys.login],
          ["oauth_signature_method", method.signatureMethod],
          ["oauth_version", "1.0"],
        ],
        timestamp: String(Math.floor((now ?? Date.now)() / 1000)),
        nonce: (nonce ?? randomNonce)(),
        request: { method: httpMethod ?? "POST", url, body: formPairs(body) },
      });
      return {
        fields: oauthParamsInBody === true ? Object.fromEntries(signed.oauthParams) : {},
        headers: { Authorization: signed.authorization },
      };
    },
  };
}

/**
 * Each signature scheme of the operation table, described once: `control` (a SHA-1 digest added
 * as a body field), the two OAuth 1.0a methods (an `Authorization` header), and `none`.
 *
 * @example
 * ```ts
 * import { signatureSchemes } from "@card-processing/signing";
 * signatureSchemes["oauth-rsa-sha256"].oauth?.signatureMethod; // "RSA-SHA256"
 * ```
 */
export const signatureSchemes: Readonly<Record<SignatureScheme, SchemeBehaviour>> = {
  control,
  "oauth-hmac-sha1": oauth(hmacSha1),
  "oauth-rsa-sha256": oauth(rsaSha256),
  none: { requireSecrets: () => undefined, sign: async () => ({ fields: {}, headers: {} }) },
};

/** The OAuth method of a scheme name, or an error naming the field that held it. */
export function oauthMethodOf(scheme: string, field = "scheme"): OAuthMethod {
  const method = Object.hasOwn(signatureSchemes, scheme) ? signatureSchemes[scheme as SignatureScheme].oauth : undefined;
  if (!method) throw fieldError("ERR_OPERATION_UNKNOWN", field, 'expected "oauth-hmac-sha1" or "oauth-rsa-sha256"');
  return method;
}
