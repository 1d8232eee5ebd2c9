// Hex and base64 on plain Uint8Arrays: the package runs where Buffer does not exist.

const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** Encodes a string as UTF-8; one encoder serves the whole package. */
export const utf8 = new TextEncoder();

/** Lowercase hexadecimal form of bytes. */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (let i = 0; i < view.length; i++) out += HEX[view[i] as number];
  return out;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard base64 (with padding) of bytes; for signatures and other short values. */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // A table walk: on the path of every OAuth signature it costs a third of btoa over a string.
  let out = "";
  for (let i = 0; i < view.length; i += 3) {
    const left = view.length - i;
    const n = ((view[i] as number) << 16) | (left > 1 ? (view[i + 1] as number) << 8 : 0) | (left > 2 ? (view[i + 2] as number) : 0);
    out += `${B64[n >> 18]}${B64[(n >> 12) & 63]}${left > 1 ? B64[(n >> 6) & 63] : "="}${left > 2 ? B64[n & 63] : "="}`;
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
