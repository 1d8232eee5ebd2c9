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

/**
 * Reads chunks from `next` until the body ends, decoding it as UTF-8, and stops at the first
 * chunk that takes the total past `limit` (the caller then cancels the rest, unread).
 */
export async function readCapped(
  next: () => Promise<IteratorResult<Uint8Array | string>>,
  limit: number,
): Promise<CappedBody> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let bytes = 0;
  let text = "";
  for (;;) {
    const { done, value } = await next();
    if (done) return { text: text + decoder.decode() };
    const chunk = typeof value === "string" ? encoder.encode(value) : value;
    bytes += chunk.byteLength;
    if (bytes > limit) return { tooLarge: true };
    text += decoder.decode(chunk, { stream: true });
  }
}

/**
 * Reads a web `Request`'s body as text, at most `limit` bytes: a `content-length` past it is
 * refused before anything is read, and a body without one (chunked) is counted while read and its
 * stream cancelled at the first byte past the limit.
 */
export async function requestText(request: Request, limit: number): Promise<CappedBody> {
  if (declaredTooLarge(request.headers.get("content-length"), limit)) {
    await request.body?.cancel().catch(() => {});
    return { tooLarge: true };
  }
  if (request.body === null) return { text: "" };
  const reader = request.body.getReader();
  const body = await readCapped(() => reader.read() as Promise<IteratorResult<Uint8Array>>, limit);
  if ("tooLarge" in body) await reader.cancel().catch(() => {});
  return body;
}
