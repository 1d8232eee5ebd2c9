/**
 * The most the client reads of a gateway reply (JSON or the classic text form), in bytes. The
 * spec bounds no reply field, but the longest value a reply can repeat is a request's: a refusal
 * may quote `order_desc` (65 535 characters, at most 768 KiB in either form when every character
 * takes 4 UTF-8 bytes escaped), and a status reply carries a 3-D Secure page (`html`, a few KB).
 * 2 MiB leaves more than twice that room, and stays small beside any runtime's memory.
 */
export const REPLY_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The most the client reads of the transactions report (CSV), in bytes: about 75 000 rows of some
 * 220 bytes, a busy shop's day many times over. Read and parsed into rows it stays within the
 * 128 MB of an edge isolate; a longer report is asked for in shorter periods.
 */
export const REPORT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The most a callback endpoint reads of a request body, in bytes. A callback is a few hundred
 * bytes; a body past this is answered 413 before the rest of it is read, so an unauthenticated
 * POST cannot make the process hold megabytes.
 */
export const CALLBACK_BODY_LIMIT = 16 * 1024;

/** What reading a capped body gave: its text, or that it was past the limit. */
export type CappedBody = { readonly text: string } | { readonly tooLarge: true };

/**
 * Whether a `content-length` header already says the body is past `limit`. A missing or
 * unreadable header says nothing: the body is then counted as it is read.
 */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  if (contentLength === null || contentLength === undefined || !/^\d+$/.test(contentLength.trim())) return false;
  return Number(contentLength.trim()) > limit;
}

// Shared: decoding a whole body at once keeps no state between calls, unlike a streaming decode,
// so one decoder serves every request, however many run at once.
const utf8 = new TextDecoder();

/**
 * Reads chunks from `next` until the body ends and decodes it as UTF-8 once, at the end; stops at
 * the first chunk that takes the total past `limit` (the caller then cancels the rest, unread).
 */
export async function readCapped(
  next: () => Promise<IteratorResult<Uint8Array | string>>,
  limit: number,
): Promise<CappedBody> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await next();
    if (done) break;
    const chunk = typeof value === "string" ? new TextEncoder().encode(value) : value;
    bytes += chunk.byteLength;
    if (bytes > limit) return { tooLarge: true };
    chunks.push(chunk);
  }
  // Joined before decoding, so that a character split between two chunks is decoded whole.
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return { text: utf8.decode(whole) };
}

/**
 * Reads a web `Request`'s or `Response`'s body as text, at most `limit` bytes: a `content-length`
 * past it is refused before anything is read, and a body without one (chunked, or decompressed by
 * the runtime) is counted while read and its stream cancelled at the first byte past the limit.
 */
export async function cappedText(message: Request | Response, limit: number): Promise<CappedBody> {
  if (declaredTooLarge(message.headers.get("content-length"), limit)) {
    await message.body?.cancel().catch(() => {});
    return { tooLarge: true };
  }
  if (message.body === null) return { text: "" };
  const reader = message.body.getReader();
  const body = await readCapped(() => reader.read() as Promise<IteratorResult<Uint8Array>>, limit);
  if ("tooLarge" in body) await reader.cancel().catch(() => {});
  return body;
}
