import { percentEncode } from "./percent-encode.js";

/**
 * Writes the `Authorization` header value: `OAuth name="value", ...` with every value
 * percent-encoded (RFC 5849 §3.5.1), so `/`, `+` and `=` of a base64 signature become `%2F`,
 * `%2B` and `%3D`.
 */
export function formatOAuthHeader(params: Iterable<readonly [string, string]>, realm?: string): string {
  const pairs = oauthHeaderPairs(params);
  return realm === undefined
    ? `OAuth ${pairs}`
    : `OAuth realm="${percentEncode(realm)}"${pairs === "" ? "" : ", "}${pairs}`;
}

/** `name="value", ...` with names and values percent-encoded: the header after `OAuth `, or a continuation of it. */
export function oauthHeaderPairs(params: Iterable<readonly [string, string]>): string {
  let out = "";
  for (const [name, value] of params)
    out += `${out === "" ? "" : ", "}${percentEncode(name)}="${percentEncode(value)}"`;
  return out;
}

const PARAM = /[ \t]*([A-Za-z0-9_.~%-]+)[ \t]*=[ \t]*"([^"]*)"[ \t]*(?:,|$)/y;

/**
 * Reads the parameters of an `OAuth ...` header, percent-decoded, in order. Returns undefined
 * when the value is not an OAuth header, is malformed or repeats a parameter.
 */
export function parseOAuthHeader(header: string): Map<string, string> | undefined {
  const start = /^[ \t]*OAuth[ \t]+/i.exec(header);
  if (!start) return undefined;
  const params = new Map<string, string>();
  PARAM.lastIndex = start[0].length;
  while (PARAM.lastIndex < header.length) {
    const at = PARAM.lastIndex;
    const match = PARAM.exec(header);
    if (!match) return header.slice(at).trim() === "" ? params : undefined;
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(match[1] as string);
      value = decodeURIComponent(match[2] as string);
    } catch {
      return undefined;
    }
    if (params.has(name)) return undefined;
    params.set(name, value);
  }
  return params;
}
