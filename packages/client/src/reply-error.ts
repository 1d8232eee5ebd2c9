import type { OperationEntry } from "@card-processing/types";
import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";
import { moneyAdvice, requestFacts, type SentFields } from "./money-advice.js";

/**
 * A 2xx reply that cannot be taken as the operation's answer, with `outcome` `"unknown"`: empty,
 * cut short, or in neither the JSON nor the classic text form (`ERR_REPLY_UNREADABLE`, such as a
 * proxy's HTML page), or readable but not a reply of the operation (`ERR_REPLY_FOREIGN`, such as
 * `{"ok":true}`). Something between you and the gateway may have answered in its place: an
 * operation that moves money may have taken effect, so recover the order before sending it again.
 *
 * @example
 * ```ts
 * import { ReplyError } from "@card-processing/client";
 * const { error } = await gateway.sale(body);
 * if (error instanceof ReplyError) await gateway.recover(error);
 * ```
 */
export class ReplyError extends GatewayError {
  override name = "ReplyError" as const;
  declare readonly code: "ERR_REPLY_UNREADABLE" | "ERR_REPLY_FOREIGN";

  constructor(message: string, options: GatewayErrorOptions & { code: "ERR_REPLY_UNREADABLE" | "ERR_REPLY_FOREIGN" }) {
    super(options.code, message, { outcome: "unknown", ...options });
  }
}

/** What a reply's headers say of it, for a message: `HTTP 502, text/html`. */
function observed(response: Response): string {
  const type = response.headers.get("content-type")?.split(";")[0];
  return `HTTP ${response.status}${type ? `, ${type}` : ""}`;
}

/**
 * The {@link ReplyError} of a 2xx reply that is empty, cut short, or in neither the JSON nor the
 * classic text form (`ERR_REPLY_UNREADABLE`), or readable but not a reply of the operation
 * (`ERR_REPLY_FOREIGN`): describes what was observed, and for an operation that moves money says
 * that it may have taken effect and how to find out.
 */
export function replyNotUnderstood(
  code: "ERR_REPLY_UNREADABLE" | "ERR_REPLY_FOREIGN",
  response: Response,
  entry: OperationEntry | undefined,
  fields: SentFields,
  request?: Request,
): ReplyError {
  const where = entry?.operationId ?? "The request";
  const what =
    code === "ERR_REPLY_UNREADABLE"
      ? `the reply (${observed(response)}) could not be read: empty, cut short, or neither JSON nor the classic text form`
      : `the reply (${observed(response)}) is not a reply of ${where}${entry?.replyTypes[0] ? ` (expected type ${entry.replyTypes[0]})` : ""}`;
  return new ReplyError(
    `${where}: ${what}; something between you and the gateway may have answered in its place.${moneyAdvice(entry, fields)}`,
    {
      code,
      response,
      request,
      ...requestFacts(entry, fields),
    },
  );
}
