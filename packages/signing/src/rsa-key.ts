import { fromBase64 } from "./byte-encoding.js";
import { pkcs1PrivateToPkcs8, pkcs1PublicToSpki } from "./der-wrap.js";
import { fieldError } from "./signing-error.js";

/** The RSA signature algorithm of `oauth-rsa-sha256`: RSASSA-PKCS1-v1_5 with SHA-256. */
export const RSA_SHA256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

/** The shortest modulus the service accepts. */
export const MIN_RSA_BITS = 2048;

type Label = "PRIVATE KEY" | "RSA PRIVATE KEY" | "PUBLIC KEY" | "RSA PUBLIC KEY";

const PEM = /-----BEGIN ([A-Z0-9 ]+)-----([^-]*)-----END \1-----/;

interface Pem {
  readonly label: Label;
  readonly der: Uint8Array<ArrayBuffer>;
}

/** The one message of a key that cannot be read or imported: it names the forms accepted. */
function badKey(field: string, accepted: readonly Label[], cause?: unknown) {
  return fieldError("ERR_KEY_INVALID", field, `expected an unencrypted PEM ${accepted.join(" or ")}`, cause);
}

/**
 * Reads one PEM block of the expected kind. Messages never quote the key: only its field.
 */
export function readPem(pem: unknown, field: string, accepted: readonly Label[]): Pem {
  const match = typeof pem === "string" ? PEM.exec(pem) : null;
  const label = match?.[1] as Label;
  // Keys pasted into environment variables often carry literal "\n" sequences: dropped with the
  // line breaks. Web Crypto checks the DER itself.
  const der = accepted.includes(label) ? fromBase64(match?.[2]?.replace(/\s|\\n/g, "") ?? "") : undefined;
  if (!der?.length) throw badKey(field, accepted);
  return { label, der };
}

/** Imports an RSA key in either of its two PEM forms, wrapping PKCS#1 first; at least 2048 bits. */
async function importRsaKey(
  pem: unknown,
  field: string,
  [wrapped, pkcs1]: readonly [Label, Label],
  format: "pkcs8" | "spki",
  wrap: (der: Uint8Array) => Uint8Array<ArrayBuffer>,
): Promise<CryptoKey> {
  const { label, der } = readPem(pem, field, [wrapped, pkcs1]);
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey(format, label === pkcs1 ? wrap(der) : der, RSA_SHA256, false, [
      format === "pkcs8" ? "sign" : "verify",
    ]);
  } catch (cause) {
    throw badKey(field, [wrapped, pkcs1], cause);
  }
  const bits = (key.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  if (!(bits >= MIN_RSA_BITS)) {
    throw fieldError("ERR_KEY_TOO_SHORT", field, `has ${bits} bits; at least ${MIN_RSA_BITS} required`);
  }
  return key;
}

/**
 * Imports an RSA private key from PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`)
 * PEM for RSA-SHA256 signing, refusing keys under 2048 bits.
 */
export function importRsaPrivateKey(pem: unknown, field = "privateKey"): Promise<CryptoKey> {
  return importRsaKey(pem, field, ["PRIVATE KEY", "RSA PRIVATE KEY"], "pkcs8", pkcs1PrivateToPkcs8);
}

/**
 * Imports an RSA public key from SPKI (`BEGIN PUBLIC KEY`) or PKCS#1 (`BEGIN RSA PUBLIC KEY`) PEM
 * for RSA-SHA256 verification, refusing keys under 2048 bits.
 */
export function importRsaPublicKey(pem: unknown, field = "publicKey"): Promise<CryptoKey> {
  return importRsaKey(pem, field, ["PUBLIC KEY", "RSA PUBLIC KEY"], "spki", pkcs1PublicToSpki);
}
