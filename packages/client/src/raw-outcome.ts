import { isErrorReply, normalizeReply, parseReplyBody } from "./reply-body.js";
import { unreadableReply, type ServerError } from "./server-error.js";

/**
 * What openapi-fetch resolves to when asked for the body as text.
 *
 * @example
 * ```ts
 * const raw: RawResult = { data: '{"type":"async-response"}', response };
 * ```
 */
export interface RawResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * Reads the text body of a result in either reply form: a readable 200 becomes `data`, or `error`
 * when its type is `validation-error` or `error`; an error body is parsed when it can be and kept
 * as text otherwise. A 200 in neither form throws a {@link ServerError} `ERR_REPLY_UNREADABLE`.
 *
 * @example
 * ```ts
 * readOutcome({ data: "type=error\n&error-message=busy", response }); // { error: { type: "error", ... }, response }
 * ```
 */
export function readOutcome(result: RawResult): RawResult {
  const { data, error, response } = result;
  const contentType = response.headers.get("content-type");
  if (data !== undefined) {
    const reply = parseReplyBody(String(data), contentType);
    if (reply === undefined) throw unreadableReply(response);
    return isErrorReply(reply) ? { error: reply, response } : { data: reply, response };
  }
  if (typeof error === "string") return { error: parseReplyBody(error, contentType) ?? error, response };
  if (error !== null && typeof error === "object") return { error: normalizeReply(error as Record<string, unknown>), response };
  return result;
}
