import type { ServerResponse } from "node:http";
import { classicText } from "@card-processing/types";
import { PAY_JSON, type Reply } from "../../operations/replies.js";

/** Which form a reply takes: the vendor JSON, or the documented gateway's classic text. */
export type ReplyForm = "json" | "classic";

/** True when an `Accept` header names the vendor media type. */
export function acceptsPayJson(accept: string | undefined): boolean {
  return (accept ?? "").split(",").some((part) => part.split(";")[0]?.trim().toLowerCase() === PAY_JSON);
}

/**
 * The form of the reply to a request with this `Accept` header: classic when the sandbox was
 * started with `classicReplies` and the header does not name the vendor type, else JSON.
 */
export function replyFormOf(accept: string | undefined, classicReplies: boolean): ReplyForm {
  return classicReplies && !acceptsPayJson(accept) ? "classic" : "json";
}

/**
 * Writes `reply` in the classic form (the types package's `classicText`: one object, or a list's
 * items one after another). Refusals too are sent with HTTP 200 (their `type` says
 * `validation-error` or `error`): the documented gateway does so, and existing integrations read
 * the body only on 200.
 */
export function sendClassicReply(response: ServerResponse, reply: Reply): void {
  const text = classicText(reply.body);
  response.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
}
