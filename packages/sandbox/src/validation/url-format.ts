import { fullFormats } from "ajv-formats/dist/formats.js";

const rfc3986Uri = fullFormats.uri as (text: string) => boolean;

/**
 * The `uri` format as the sandbox checks it: an RFC 3986 URI that the WHATWG URL parser (the one
 * `fetch` and the callback dispatcher use) also accepts. RFC 3986 alone lets through addresses no
 * client can reach, such as `http://127.0.0.1:99999/cb` (port over 65535), `http://256.1.1.1/cb`,
 * `http://%00/cb`, `http://a@/cb` (no host) or `https://user:pass@host/cb` (user info, which
 * `fetch` refuses); an order must never hold an address that fails
 * later, in a callback or a redirect, when no request is there to refuse.
 */
export function isUsableUri(text: string): boolean {
  if (!rfc3986Uri(text)) return false;
  const url = URL.parse(text);
  // fetch refuses a URL with user info, so a callback to one could never be delivered.
  return url !== null && url.username === "" && url.password === "";
}

/** The rule of a `uri` field, as a refusal states it. */
export const USABLE_URI_RULE =
  "must be an absolute http or https URL with a valid host, a port of at most 65535 and no user info";
