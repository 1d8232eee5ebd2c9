import type { OperationEntry } from "@card-processing/types";
import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";
import { clientOrderIdOf, moneyAdvice, type SentFields } from "./money-advice.js";

/**
 * A reply that is not the operation's answer, with `outcome` `"unknown"`: the gateway answered
 * that it failed (HTTP 5xx or a reply of type `error`, `ERR_SERVER`), something between you and
 * the gateway answered in its place (a proxy's 502, 503 or 504 page, `ERR_SERVER`), the reply
 * could not be read or was cut short (`ERR_REPLY_UNREADABLE`), or it was readable but not a reply
 * of the operation (`ERR_REPLY_FOREIGN`). An operation that moves money may have taken effect:
 * recover the order by its `clientOrderId` before sending it again.
 *
 * @example
 * ```ts
 * import { ServerError } from "@card-processing/client";
 * const { error } = await gateway.capture(body);
 * if (error instanceof ServerError) await gateway.recoverOrder({ client_orderid: body.client_orderid, orderid: body.orderid });
 * ```
 */
export class ServerError extends GatewayError {
  override name = "ServerError" as const;
  declare readonly code: "ERR_SERVER" | "ERR_REPLY_UNREADABLE" | "ERR_REPLY_FOREIGN";
  /** The gateway's `error-message`. */
  readonly gatewayMessage: string | undefined;
  /** The gateway's numeric `error-code`. */
  readonly gatewayCode: number | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & {
      code?: "ERR_SERVER" | "ERR_REPLY_UNREADABLE" | "ERR_REPLY_FOREIGN";
      gatewayMessage?: string | undefined;
      gatewayCode?: number | undefined;
    } = {},
  ) {
    super(options.code ?? "ERR_SERVER", message, { outcome: "unknown", ...options });
    this.gatewayMessage = options.gatewayMessage;
    this.gatewayCode = options.gatewayCode;
  }
}

/** What a reply's headers say of it, for a message: `HTTP 502, text/html`. */
function observed(response: Response): string {
  const type = response.headers.get("content-type")?.split(";")[0];
  return `HTTP ${response.status}${type ? `, ${type}` : ""}`;
}

/**
 * The {@link ServerError} of a 2xx reply that is empty, cut short, or in neither the JSON nor the
 * classic text form (`ERR_REPLY_UNREADABLE`), or readable but not a reply of the operation
 * (`ERR_REPLY_FOREIGN`): describes what was observed, and for an operation that moves money says
 * that it may have taken effect and how to find out.
 *
 * @example
 * ```ts
 * throw replyNotUnderstood("ERR_REPLY_UNREADABLE", response, entry, fields);
 * ```
 */
export function replyNotUnderstood(
  code: "ERR_REPLY_UNREADABLE" | "ERR_REPLY_FOREIGN",
  response: Response,
  entry: OperationEntry | undefined,
  fields: SentFields,
): ServerError {
  const where = entry?.operationId ?? "The request";
  const what =
    code === "ERR_REPLY_UNREADABLE"
      ? `the reply (${observed(response)}) could not be read: empty, cut short, or neither JSON nor the classic text form`
      : `the reply (${observed(response)}) is not a reply of ${where}${entry?.replyTypes[0] ? ` (expected type ${entry.replyTypes[0]})` : ""}`;
  return new ServerError(
    `${where}: ${what}; something between you and the gateway may have answered in its place.${moneyAdvice(entry, fields)}`,
    {
      code,
      response,
      operationId: entry?.operationId,
      clientOrderId: clientOrderIdOf(entry, fields),
    },
  );
}
