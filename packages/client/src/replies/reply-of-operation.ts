import type { OperationEntry } from "@card-processing/types";
import { isErrorReply, type ReplyRecord } from "./reply-body.js";

/**
 * Whether a readable 2xx body is an answer of `entry`'s operation, as the spec describes its 200
 * reply: its `type` where the spec fixes one, else at least one key the reply always carries.
 * Refusals (`validation-error`, `error`) count: they are read as refusals elsewhere. A proxy's
 * `{"ok":true}` is not.
 */
export function isReplyOf(entry: OperationEntry, reply: ReplyRecord): boolean {
  if (isErrorReply(reply)) return true;
  const type = reply["type"];
  if (entry.replyTypes.length > 0) return typeof type === "string" && entry.replyTypes.includes(type);
  return entry.replyRequiredFields.some((key) => key in reply);
}

/**
 * The keys the spec says every 200 reply of `entry`'s operation carries (`replyRequiredFields`,
 * generated from the reply schema's `required`) that `reply` lacks or holds as `null`. A refusal
 * is read as a refusal elsewhere, so it lacks nothing here.
 */
export function missingReplyKeys(entry: OperationEntry, reply: ReplyRecord): string[] {
  if (isErrorReply(reply)) return [];
  return entry.replyRequiredFields.filter((key) => reply[key] === undefined || reply[key] === null);
}
