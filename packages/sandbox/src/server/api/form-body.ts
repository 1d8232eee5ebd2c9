import type { IncomingMessage } from "node:http";
import { MAX_BODY_BYTES } from "./body-limit.js";

// fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD, so a body that
// really holds U+FFFD (bytes EF BF BD) stays acceptable.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Thrown when a body is over the limit or cannot be decoded; its message is safe to show. */
export class BodyError extends Error {
  override readonly name = "BodyError";
}

/** Reads a request body, refusing more than `limit` bytes without buffering them. */
export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const bytes = await readBodyBytes(request, limit);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new BodyError("request body is not valid UTF-8");
  }
}

/** Reads a request body as bytes, refusing more than `limit` bytes without buffering them. */
export async function readBodyBytes(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers["content-length"] ?? "0");
  if (declared > limit) {
    request.resume();
    throw new BodyError(`request body is over the ${Math.ceil(limit / 1024)} KiB limit`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.resume();
      throw new BodyError(`request body is over the ${Math.ceil(limit / 1024)} KiB limit`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Parses an `application/x-www-form-urlencoded` body into single-valued fields. A field given
 * twice is refused, since the signature would be ambiguous.
 */
export function parseForm(
  text: string,
): { fields: Record<string, string>; params: URLSearchParams } | { error: string } {
  let params: URLSearchParams;
  try {
    if (/%(?![0-9A-Fa-f]{2})/.test(text)) return { error: "request body has a malformed percent-escape" };
    decodeURIComponent(text.replaceAll("+", " "));
    params = new URLSearchParams(text);
  } catch {
    return { error: "request body is not valid form encoding" };
  }
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of params) {
    if (Object.hasOwn(fields, key)) return { error: `field '${key}' is given more than once` };
    fields[key] = value;
  }
  return { fields, params };
}
