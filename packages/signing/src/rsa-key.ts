import { fromBase64 } from "./byte-encoding.js";
import { pkcs1PrivateToPkcs8, pkcs1PublicToSpki } from "./der-wrap.js";
import { SigningError } from "./signing-error.js";

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

/**
 * Reads one PEM block of the expected kind. Messages never quote the key: only its label.
 */
export function readPem(pem: unknown, field: string, accepted: readonly Label[]): Pem {
  const expected = accepted.map((label) => `BEGIN ${label}`).join(" or ");
  if (typeof pem !== "string") {
    throw new SigningError("ERR_KEY_INVALID", `${field}: expected a PEM string (${expected})`, { field });
  }
  // Keys pasted into environment variables often carry literal "\n" sequences.
  const match = PEM.exec(pem.includes("\\n") ? pem.replaceAll("\\n", "\n") : pem);
  const label = match?.[1] as Label | undefined;
  if (!match || label === undefined || !accepted.includes(label)) {
    const found = match ? ` (found BEGIN ${match[1]}; encrypted keys must be decrypted first)` : "";
    throw new SigningError("ERR_KEY_INVALID", `${field}: expected a PEM block ${expected}${found}`, { field });
  }
  const body = (match[2] ?? "").replace(/\s+/g, "");
  const der = /^[A-Za-z0-9+/]+={0,2}$/.test(body) ? fromBase64(body) : undefined;
  if (!der || der.length === 0) {
    throw new SigningError("ERR_KEY_INVALID", `${field}: the PEM body is not base64 DER (encrypted keys must be decrypted first)`, {
      field,
    });
  }
  return { label, der };
}

function checkLength(key: CryptoKey, field: string): CryptoKey {
  const bits = (key.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  if (!(bits >= MIN_RSA_BITS)) {
    throw new SigningError("ERR_KEY_TOO_SHORT", `${field}: the RSA key has ${bits} bits; at least ${MIN_RSA_BITS} are required`, {
      field,
    });
  }
  return key;
}

/**
 * Imports an RSA private key from PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`)
 * PEM for RSA-SHA256 signing, refusing keys under 2048 bits.
 */
export async function importRsaPrivateKey(pem: unknown, field = "privateKey"): Promise<CryptoKey> {
  const { label, der } = readPem(pem, field, ["PRIVATE KEY", "RSA PRIVATE KEY"]);
  const pkcs8 = label === "RSA PRIVATE KEY" ? pkcs1PrivateToPkcs8(der) : der;
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey("pkcs8", pkcs8, RSA_SHA256, false, ["sign"]);
  } catch (cause) {
    throw new SigningError("ERR_KEY_INVALID", `${field}: not an RSA private key that Web Crypto can import`, { field, cause });
  }
  return checkLength(key, field);
}

/**
 * Imports an RSA public key from SPKI (`BEGIN PUBLIC KEY`) or PKCS#1 (`BEGIN RSA PUBLIC KEY`) PEM
 * for RSA-SHA256 verification, refusing keys under 2048 bits.
 */
export async function importRsaPublicKey(pem: unknown, field = "publicKey"): Promise<CryptoKey> {
  const { label, der } = readPem(pem, field, ["PUBLIC KEY", "RSA PUBLIC KEY"]);
  const spki = label === "RSA PUBLIC KEY" ? pkcs1PublicToSpki(der) : der;
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey("spki", spki, RSA_SHA256, false, ["verify"]);
  } catch (cause) {
    throw new SigningError("ERR_KEY_INVALID", `${field}: not an RSA public key that Web Crypto can import`, { field, cause });
  }
  return checkLength(key, field);
}
