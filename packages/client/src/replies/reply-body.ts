import { parseClassicPairs, readReply } from "@card-processing/types";

/**
 * A reply body as parsed from either form, before it is matched to a schema.
 *
 * @example
 * ```ts
 * import type { ReplyRecord } from "@card-processing/client";
 * const reply: ReplyRecord = { type: "async-response", "paynet-order-id": "1234567" };
 * ```
 */
export type ReplyRecord = Record<string, unknown>;

/**
 * Reads a reply body in either form into one object: JSON (the vendor media type) or the classic
 * text form, with the types package's one reply reader (`readReply`, which also reads the lists of
 * list operations). `paynet-order-id` always comes out as a string, since the gateway sends it as
 * a number in some replies; in the classic form `error-code` becomes a number, as in JSON. Returns
 * `undefined` for an empty body, a list, and a body in neither form.
 *
 * @example
 * ```ts
 * import { parseReplyBody } from "@card-processing/client";
 * parseReplyBody('{"type":"async-response","paynet-order-id":1234567}', "application/vnd.pay+json");
 * // { type: "async-response", "paynet-order-id": "1234567" }
 * ```
 */
export function parseReplyBody(text: string, contentType: string | null = null): ReplyRecord | undefined {
  const body = readReply(undefined, text, contentType)?.body;
  return Array.isArray(body) ? undefined : body;
}

/**
 * Parses the gateway's classic text reply (sent when a request does not ask for the vendor media
 * type): URL-encoded `key=value` pairs, one per line, lines joined by `"\n&"`. Keys and values are
 * decoded and trimmed; an undecodable escape is kept as written; a repeated key keeps its last
 * value. A body that is not in that form (an HTML page) gives `{}`. The keys are those of the
 * JSON reply.
 *
 * @example
 * ```ts
 * import { parseClassicReply } from "@card-processing/client";
 * parseClassicReply("type=async-response\n&status=processing\n&paynet-order-id=1234567\n");
 * // { type: "async-response", status: "processing", "paynet-order-id": "1234567" }
 * ```
 */
export function parseClassicReply(text: string): Record<string, string> {
  return Object.fromEntries(parseClassicPairs(text) ?? []);
}
