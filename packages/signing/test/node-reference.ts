// A second implementation of every signature, written on node:crypto and Buffer without any code
// from src/, so tests compare two programs instead of checking the signer against itself. It lives
// outside src/ because src/ imports nothing from node: (test files excepted).
import { createHash, createHmac, type KeyObject, verify as rsaVerify } from "node:crypto";

const UNRESERVED_BYTE = (b: number) =>
  (b >= 0x41 && b <= 0x5a) ||
  (b >= 0x61 && b <= 0x7a) ||
  (b >= 0x30 && b <= 0x39) ||
  b === 0x2d ||
  b === 0x2e ||
  b === 0x5f ||
  b === 0x7e;

/** RFC 3986 encoding byte by byte over UTF-8. */
export function refPercentEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    out += UNRESERVED_BYTE(byte) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Minor units by BigInt arithmetic. */
export function refMinorUnits(amount: string, exponent: number): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  return (BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, "0") || "0")).toString();
}

export function refSha1Hex(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}

/** RFC 5849 §3.4.1 with Buffer byte ordering. */
export function refBaseString(method: string, url: string, params: Array<[string, string]>): string {
  const u = new URL(url);
  const defaultPort = (u.protocol === "http:" && u.port === "80") || (u.protocol === "https:" && u.port === "443");
  const authority = u.port === "" || defaultPort ? u.hostname : `${u.hostname}:${u.port}`;
  const all = [...params, ...u.searchParams].map(([n, v]) => [refPercentEncode(n), refPercentEncode(v)] as const);
  all.sort(
    (a, b) =>
      Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0])) || Buffer.compare(Buffer.from(a[1]), Buffer.from(b[1])),
  );
  const joined = all.map(([n, v]) => `${n}=${v}`).join("&");
  return [method.toUpperCase(), `${u.protocol}//${authority.toLowerCase()}${u.pathname}`, joined]
    .map(refPercentEncode)
    .join("&");
}

/** Splits `OAuth a="b", c="d"` naively. */
export function refParseHeader(header: string): Record<string, string> {
  if (!header.startsWith("OAuth ")) throw new Error(`not an OAuth header: ${header}`);
  const out: Record<string, string> = {};
  for (const part of header.slice(6).split(",")) {
    const m = /^\s*([^=]+)="(.*)"\s*$/.exec(part);
    if (!m) throw new Error(`bad header part: ${part}`);
    out[decodeURIComponent(m[1]!)] = decodeURIComponent(m[2]!);
  }
  return out;
}

export interface RefRequest {
  method: string;
  url: string;
  body: string;
  authorization: string;
}

/** Checks an OAuth-signed request: HMAC-SHA1 with `secret&` or RSA-SHA256 with the public key. */
export function refVerifyOAuth(request: RefRequest, key: { hmacSecret: string } | { publicKey: KeyObject }): boolean {
  const header = refParseHeader(request.authorization);
  const params: Array<[string, string]> = Object.entries(header).filter(
    ([n]) => n !== "oauth_signature" && n !== "realm",
  );
  for (const [n, v] of new URLSearchParams(request.body)) if (!n.startsWith("oauth_")) params.push([n, v]);
  const base = refBaseString(request.method, request.url, params);
  const signature = Buffer.from(header["oauth_signature"] ?? "", "base64");
  if ("hmacSecret" in key) {
    return createHmac("sha1", `${refPercentEncode(key.hmacSecret)}&`)
      .update(base)
      .digest()
      .equals(signature);
  }
  return rsaVerify("sha256", Buffer.from(base), key.publicKey, signature);
}
