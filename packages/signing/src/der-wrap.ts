// Just enough ASN.1 DER to wrap bare PKCS#1 RSA keys into the PKCS#8 and SPKI containers that
// Web Crypto imports. Nothing here parses untrusted structure: Web Crypto validates the result.

/** AlgorithmIdentifier for rsaEncryption (1.2.840.113549.1.1.1) with NULL parameters. */
const RSA_ALGORITHM = Uint8Array.of(
  0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
);

function lengthOf(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}

function tlv(tag: number, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const contentLength = parts.reduce((sum, part) => sum + part.length, 0);
  const header = [tag, ...lengthOf(contentLength)];
  const out = new Uint8Array(header.length + contentLength);
  out.set(header, 0);
  let offset = header.length;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PKCS#8 PrivateKeyInfo { version 0, rsaEncryption, OCTET STRING { RSAPrivateKey } }. */
export function pkcs1PrivateToPkcs8(rsaPrivateKey: Uint8Array): Uint8Array<ArrayBuffer> {
  return tlv(0x30, Uint8Array.of(0x02, 0x01, 0x00), RSA_ALGORITHM, tlv(0x04, rsaPrivateKey));
}

/** SubjectPublicKeyInfo { rsaEncryption, BIT STRING { RSAPublicKey } } (no unused bits). */
export function pkcs1PublicToSpki(rsaPublicKey: Uint8Array): Uint8Array<ArrayBuffer> {
  return tlv(0x30, RSA_ALGORITHM, tlv(0x03, Uint8Array.of(0x00), rsaPublicKey));
}
