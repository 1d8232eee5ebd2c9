import { fromBase64 } from "./byte-encoding.js";
import { pkcs1PrivateToPkcs8, pkcs1PublicToSpki } from "./der-wrap.js";
import { rsaPrivateKeyBits } from "./rsa-key-structure.js";
import { fieldError } from "./signing-error.js";

/** The RSA signature algorithm of `oauth-rsa-sha256`: RSASSA-PKCS1-v1_5 with SHA-256. */
export const RSA_SHA256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

/** The shortest modulus the service accepts. */
export const MIN_RSA_BITS = 2048;

/**
 * The PEM label of a key in its standard container (PKCS#8, SPKI). The same key as bare PKCS#1
 * is labelled `RSA ` and then this.
 */
type KeyLabel = "PRIVATE KEY" | "PUBLIC KEY";

const PEM = /-----BEGIN ([A-Z0-9 ]+)-----([^-]*)-----END \1-----/;

interface Pem {
  /** True for a bare PKCS#1 key (`BEGIN RSA ...`), which Web Crypto imports only once wrapped. */
  readonly pkcs1: boolean;
  readonly der: Uint8Array<ArrayBuffer>;
}

/** The one message of a key that cannot be read or imported: it names the forms accepted. */
function badKey(field: string, label: KeyLabel, cause?: unknown) {
  return fieldError("ERR_KEY_INVALID", field, `expected an unencrypted PEM ${label} or RSA ${label}`, "", cause);
}

/**
 * Reads one PEM block labelled `label` or `RSA label`. Messages never quote the key: only its field.
 */
export function readPem(pem: unknown, field: string, label: KeyLabel): Pem {
  const match = typeof pem === "string" ? PEM.exec(pem) : null;
  const pkcs1 = match?.[1] === `RSA ${label}`;
  // Keys pasted into environment variables often carry literal "\n" sequences: dropped with the
  // line breaks. Web Crypto checks the DER itself.
  const der = pkcs1 || match?.[1] === label ? fromBase64(match?.[2]?.replace(/\s|\\n/g, "") ?? "") : undefined;
  if (!der?.length) throw badKey(field, label);
  return { pkcs1, der };
}

/** The error of a key whose modulus is shorter than the service accepts. */
function tooShort(field: string, bits: number) {
  return fieldError("ERR_KEY_TOO_SHORT", field, `has ${bits} bits; at least ${MIN_RSA_BITS} required`);
}

/**
 * Checks a private key synchronously, without importing it: an unencrypted PEM RSA private key
 * (PKCS#8 or PKCS#1) of at least 2048 bits. Refuses an encrypted key, a public key, a cut key or
 * another algorithm with `ERR_KEY_INVALID`, a short one with `ERR_KEY_TOO_SHORT`; the messages name
 * the field, never the key.
 */
export function checkRsaPrivateKey(pem: unknown, field = "privateKey"): void {
  const { pkcs1, der } = readPem(pem, field, "PRIVATE KEY");
  const bits = rsaPrivateKeyBits(der, pkcs1);
  if (bits === undefined) throw badKey(field, "PRIVATE KEY");
  if (bits < MIN_RSA_BITS) throw tooShort(field, bits);
}

/** Imports an RSA key in either of its two PEM forms, wrapping PKCS#1 first; at least 2048 bits. */
async function importRsaKey(
  pem: unknown,
  field: string,
  label: KeyLabel,
  wrap: (der: Uint8Array) => Uint8Array<ArrayBuffer>,
): Promise<CryptoKey> {
  const { pkcs1, der } = readPem(pem, field, label);
  const isPrivate = label === "PRIVATE KEY";
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey(isPrivate ? "pkcs8" : "spki", pkcs1 ? wrap(der) : der, RSA_SHA256, false, [
      isPrivate ? "sign" : "verify",
    ]);
  } catch (cause) {
    throw badKey(field, label, cause);
  }
  const bits = (key.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  if (!(bits >= MIN_RSA_BITS)) {
    throw tooShort(field, bits);
  }
  return key;
}

/**
 * Imports an RSA private key from PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`)
 * PEM for RSA-SHA256 signing, refusing keys under 2048 bits.
 */
export function importRsaPrivateKey(pem: unknown, field = "privateKey"): Promise<CryptoKey> {
  return importRsaKey(pem, field, "PRIVATE KEY", pkcs1PrivateToPkcs8);
}

/**
 * Imports an RSA public key from SPKI (`BEGIN PUBLIC KEY`) or PKCS#1 (`BEGIN RSA PUBLIC KEY`) PEM
 * for RSA-SHA256 verification, refusing keys under 2048 bits.
 */
export function importRsaPublicKey(pem: unknown, field = "publicKey"): Promise<CryptoKey> {
  return importRsaKey(pem, field, "PUBLIC KEY", pkcs1PublicToSpki);
}
