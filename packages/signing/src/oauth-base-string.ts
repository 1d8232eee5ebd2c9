import { percentEncode } from "./percent-encode.js";
import { fieldError } from "./signing-error.js";

/**
 * A request as the OAuth signature base string sees it.
 */
export interface OAuthBaseStringInput {
  readonly method: string;
  /** The request URL; its query parameters take part, its fragment and default port do not. */
  readonly url: string | URL;
  /** Body parameters and `oauth_*` parameters, without `oauth_signature` and `realm`. */
  readonly params: Iterable<readonly [string, string]>;
}

/**
 * The base string URI of RFC 5849 §3.4.1.2: lowercase scheme and host, no default port, the
 * path, no query and no fragment.
 */
export function normalizeOAuthUrl(url: string | URL): string {
  const parsed = parseUrl(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

function parseUrl(url: string | URL): URL {
  if (url instanceof URL) return url;
  try {
    return new URL(url);
  } catch (cause) {
    throw fieldError("ERR_URL_INVALID", "url", "expected an absolute http(s) URL", "", cause);
  }
}

/** Code-unit order, which is byte order for the ASCII of encoded names and values. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byNameThenValue(a: readonly [string, string], b: readonly [string, string]): number {
  return compare(a[0], b[0]) || compare(a[1], b[1]);
}

/**
 * The signature base string of RFC 5849 §3.4.1: `METHOD&url&params`, where params are the given
 * parameters plus the URL's query parameters, each name and value percent-encoded, sorted by
 * name then value, joined as `name=value` with `&`; the three parts are percent-encoded again.
 */
export function oauthBaseString(input: OAuthBaseStringInput): string {
  const url = parseUrl(input.url);
  const encoded: Array<readonly [string, string]> = [];
  for (const [name, value] of [...input.params, ...url.searchParams])
    encoded.push([percentEncode(name), percentEncode(value)]);
  encoded.sort(byNameThenValue);
  const params = encoded.map(([name, value]) => `${name}=${value}`).join("&");
  return [input.method.toUpperCase(), normalizeOAuthUrl(url), params].map(percentEncode).join("&");
}
