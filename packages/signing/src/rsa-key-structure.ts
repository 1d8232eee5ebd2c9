// Just enough DER reading to tell, synchronously and without importing, whether bytes hold an RSA
// private key and how long its modulus is: Web Crypto's import is asynchronous, and a bad key
// should fail where the key is given, not at the first request that needs it. Web Crypto still
// checks the key itself when it imports it.

/** rsaEncryption, 1.2.840.113549.1.1.1, as its DER content bytes. */
const RSA_ENCRYPTION = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const OCTET_STRING = 0x04;
const OBJECT_IDENTIFIER = 0x06;

/** One DER element of `der`: its tag and where its content starts and ends. */
interface Element {
  readonly tag: number;
  readonly start: number;
  readonly end: number;
}

/** The element at `at`, or `undefined` when its header or length runs past `limit`. */
function elementAt(der: Uint8Array, at: number, limit: number): Element | undefined {
  if (at + 2 > limit) return undefined;
  const tag = der[at] as number;
  let length = der[at + 1] as number;
  let start = at + 2;
  if (length >= 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 4 || start + octets > limit) return undefined;
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + (der[start + i] as number);
    start += octets;
  }
  return start + length <= limit ? { tag, start, end: start + length } : undefined;
}

/** The elements inside `parent`, which must fill it exactly, or `undefined`. */
function childrenOf(der: Uint8Array, parent: Element): Element[] | undefined {
  const children: Element[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const child = elementAt(der, at, parent.end);
    if (!child) return undefined;
    children.push(child);
    at = child.end;
  }
  return children;
}

/** The one element that fills `der` (or a part of it) exactly, with its children. */
function sequenceOf(der: Uint8Array, start: number, end: number): Element[] | undefined {
  const outer = elementAt(der, start, end);
  return outer?.tag === SEQUENCE && outer.end === end ? childrenOf(der, outer) : undefined;
}

/** The bit length of a positive DER INTEGER. */
function integerBits(der: Uint8Array, integer: Element): number {
  let at = integer.start;
  while (at < integer.end && der[at] === 0) at++;
  if (at === integer.end) return 0;
  return (integer.end - at - 1) * 8 + (32 - Math.clz32(der[at] as number));
}

/**
 * The modulus length in bits of a PKCS#1 `RSAPrivateKey` (version, then the eight integers n, e,
 * d, p, q, dp, dq, qi) in `der` between `start` and `end`, or `undefined` when it is not one.
 */
function pkcs1ModulusBits(der: Uint8Array, start: number, end: number): number | undefined {
  const fields = sequenceOf(der, start, end);
  if (!fields || fields.length < 9 || fields.slice(0, 9).some((field) => field.tag !== INTEGER)) return undefined;
  return integerBits(der, fields[1] as Element);
}

/**
 * The modulus length in bits of the RSA private key in `der`: bare PKCS#1 (`pkcs1`), or PKCS#8
 * `PrivateKeyInfo` with the rsaEncryption algorithm around it. `undefined` when the bytes hold
 * something else (another algorithm, a public key, a cut or padded key).
 */
export function rsaPrivateKeyBits(der: Uint8Array, pkcs1: boolean): number | undefined {
  if (pkcs1) return pkcs1ModulusBits(der, 0, der.length);
  const [version, algorithm, privateKey] = sequenceOf(der, 0, der.length) ?? [];
  if (version?.tag !== INTEGER || algorithm?.tag !== SEQUENCE || privateKey?.tag !== OCTET_STRING) return undefined;
  const oid = childrenOf(der, algorithm)?.[0];
  const isRsa =
    oid?.tag === OBJECT_IDENTIFIER &&
    oid.end - oid.start === RSA_ENCRYPTION.length &&
    RSA_ENCRYPTION.every((byte, i) => der[oid.start + i] === byte);
  return isRsa ? pkcs1ModulusBits(der, privateKey.start, privateKey.end) : undefined;
}
