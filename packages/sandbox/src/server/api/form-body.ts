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

/**
 * Reads a request body as bytes, refusing more than `limit` bytes without buffering them. Read with
 * the stream's `data` and `end` events, as Node's own documentation does: an async iterator over
 * the request adds promises and stream machinery to every request the sandbox answers.
 */
export function readBodyBytes(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const overLimit = () => new BodyError(`request body is over the ${Math.ceil(limit / 1024)} KiB limit`);
  const declared = Number(request.headers["content-length"] ?? "0");
  if (declared > limit) {
    request.resume();
    return Promise.reject(overLimit());
  }
  // A promise settles once: what the request does after the first outcome (an error after a
  // refusal, the end of a body read past its limit) changes nothing and throws nowhere.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      if (size > limit) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        // Read no more of it: the refusal closes the connection (see the router), so the rest
        // is never read either.
        request.pause();
        reject(overLimit());
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
    // The connection closed before the whole body arrived.
    request.on("close", () => {
      if (!request.complete) reject(new BodyError("request body ended before its declared length"));
    });
  });
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
    // Throws on an escape that is not UTF-8 (`%C3%28`). A `+` is a space to the form but nothing to
    // decodeURIComponent, so the body is checked as it is, without a copy with its `+` replaced.
    decodeURIComponent(text);
    params = new URLSearchParams(text);
  } catch {
    return { error: "request body is not valid form encoding" };
  }
  // No prototype, so no inherited name (`constructor`, `__proto__`) reads as a field. Made from an
  // empty literal, not `Object.create(null)`: V8 keeps the latter in dictionary mode, and every
  // later copy and walk of the fields (validation, redaction, fingerprint) cost several times more.
  const fields = Object.setPrototypeOf({}, null) as Record<string, string>;
  for (const [key, value] of params) {
    if (Object.hasOwn(fields, key)) return { error: `field '${key}' is given more than once` };
    fields[key] = ownCopy(value);
  }
  return { fields, params };
}

/**
 * `text` as a string of its own. A value of 13 characters or more that needed no decoding is a
 * view of the whole body in V8 (a sliced string), and an order or the journal that keeps the value
 * would keep the body with it, for as long as it keeps the value.
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, "utf8").toString("utf8");
}
