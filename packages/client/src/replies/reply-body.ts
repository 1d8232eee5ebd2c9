import { looksLikeClassicReply, parseClassicReply } from "./classic-reply.js";

const NUMERIC_ORDER_ID = /("paynet-order-id"\s*:\s*)(-?\d+)(?=\s*[,}])/;

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
 * text form. `paynet-order-id` always comes out as a string, since the gateway sends it as a
 * number in some replies; in the classic form `error-code` becomes a number, as in JSON. Returns
 * `undefined` for an empty body and for a body in neither form.
 *
 * @example
 * ```ts
 * import { parseReplyBody } from "@card-processing/client";
 * parseReplyBody('{"type":"async-response","paynet-order-id":1234567}', "application/vnd.pay+json");
 * // { type: "async-response", "paynet-order-id": "1234567" }
 * ```
 */
export function parseReplyBody(text: string, contentType: string | null = null): ReplyRecord | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  if (trimmed.startsWith("{") || contentType?.includes("json")) {
    try {
      // Quote a numeric paynet-order-id before parsing so a long one keeps every digit.
      const parsed: unknown = JSON.parse(trimmed.replace(NUMERIC_ORDER_ID, '$1"$2"'));
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
        return normalizeReply(parsed as ReplyRecord);
      }
      return undefined;
    } catch {
      // Some gateways label the classic form as JSON; fall through and try it.
    }
  }
  if (!looksLikeClassicReply(trimmed)) return undefined;
  const classic: ReplyRecord = parseClassicReply(trimmed);
  const code = classic["error-code"];
  if (typeof code === "string" && /^-?\d+$/.test(code)) classic["error-code"] = Number(code);
  return normalizeReply(classic);
}

/**
 * Hands `paynet-order-id` over as a string whatever form it arrived in.
 */
export function normalizeReply<T extends ReplyRecord>(reply: T): T {
  const id = reply["paynet-order-id"];
  if (typeof id === "number" || typeof id === "bigint") {
    return { ...reply, "paynet-order-id": String(id) };
  }
  return reply;
}

/**
 * The reply `type` values that mean a refusal or a failure even under HTTP 200.
 */
export function isErrorReply(reply: unknown): reply is ReplyRecord & { type: "validation-error" | "error" } {
  if (reply === null || typeof reply !== "object") return false;
  const type = (reply as ReplyRecord)["type"];
  return type === "validation-error" || type === "error";
}
