// Hex and base64 on plain Uint8Arrays: the package runs where Buffer does not exist.

/** Encodes a string as UTF-8; one encoder serves the whole package. */
export const utf8 = new TextEncoder();

/** Lowercase hexadecimal form of bytes. */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/** Standard base64 (with padding) of bytes; for signatures and other short values. */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))));
}

/** Decodes standard base64; returns undefined for anything that is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
