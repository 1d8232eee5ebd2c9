import { SigningError } from "./signing-error.js";

const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
const SUB_DELIMS = /[!'()*]/g;

function escapeSubDelim(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}

/**
 * Percent-encodes a string per RFC 3986 as OAuth 1.0a requires (RFC 5849 §3.6): everything but
 * `A-Z a-z 0-9 - . _ ~` becomes `%XX` of its UTF-8 bytes, uppercase hex, space as `%20`.
 *
 * @throws {SigningError} `ERR_BODY_INVALID` for a string with a lone surrogate (not valid UTF-16).
 */
export function percentEncode(value: string): string {
  if (UNRESERVED.test(value)) return value;
  try {
    return encodeURIComponent(value).replace(SUB_DELIMS, escapeSubDelim);
  } catch (cause) {
    throw new SigningError("ERR_BODY_INVALID", "a parameter holds a lone UTF-16 surrogate", { cause });
  }
}
