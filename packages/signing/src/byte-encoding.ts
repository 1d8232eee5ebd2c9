// Hex and base64 on plain Uint8Arrays: the package runs where Buffer does not exist.

const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** Encodes a string as UTF-8; one encoder serves the whole package. */
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export const utf8 = new TextEncoder();

/** Lowercase hexadecimal form of bytes. */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (let i = 0; i < view.length; i++) out += HEX[view[i] as number];
  return out;
}

/** Standard base64 (with padding) of bytes; for signatures and other short values. */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // A table walk: faster than String.fromCharCode(...bytes) + btoa for signature-sized input.
  let out = "";
  let i = 0;
  for (; i + 2 < view.length; i += 3) {
    const n = ((view[i] as number) << 16) | ((view[i + 1] as number) << 8) | (view[i + 2] as number);
    out += B64.charAt(n >> 18) + B64.charAt((n >> 12) & 63) + B64.charAt((n >> 6) & 63) + B64.charAt(n & 63);
  }
  const rest = view.length - i;
  if (rest > 0) {
    const n = ((view[i] as number) << 16) | (rest === 2 ? (view[i + 1] as number) << 8 : 0);
    out += B64.charAt(n >> 18) + B64.charAt((n >> 12) & 63) + (rest === 2 ? B64.charAt((n >> 6) & 63) : "=") + "=";
  }
  return out;
}

/** Decodes standard base64; returns undefined for anything that is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
