// Just enough ASN.1 DER to wrap bare PKCS#1 RSA keys into the PKCS#8 and SPKI containers that
// Web Crypto imports. Nothing here parses untrusted structure: Web Crypto validates the result.

/** AlgorithmIdentifier for rsaEncryption (1.2.840.113549.1.1.1) with NULL parameters. */
const RSA_ALGORITHM = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

/** One DER element: tag, definite length (short or long form), then the parts. */
function tlv(tag: number, ...parts: ArrayLike<number>[]): Uint8Array<ArrayBuffer> {
  const content = parts.flatMap((part) => Array.from(part));
  const length: number[] = [];
  for (let rest = content.length; rest > 0; rest >>= 8) length.unshift(rest & 0xff);
  const header = content.length < 0x80 ? [content.length] : [0x80 | length.length, ...length];
  return Uint8Array.from([tag, ...header, ...content]);
}

/** PKCS#8 PrivateKeyInfo { version 0, rsaEncryption, OCTET STRING { RSAPrivateKey } }. */
export function pkcs1PrivateToPkcs8(rsaPrivateKey: Uint8Array): Uint8Array<ArrayBuffer> {
  return tlv(0x30, [0x02, 0x01, 0x00], RSA_ALGORITHM, tlv(0x04, rsaPrivateKey));
}

/** SubjectPublicKeyInfo { rsaEncryption, BIT STRING { RSAPublicKey } } (no unused bits). */
export function pkcs1PublicToSpki(rsaPublicKey: Uint8Array): Uint8Array<ArrayBuffer> {
  return tlv(0x30, RSA_ALGORITHM, tlv(0x03, [0x00], rsaPublicKey));
}
