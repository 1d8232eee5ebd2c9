import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The gateway failed to process the request (HTTP 500, or a reply of type `error`), or answered
 * with a body that is neither JSON nor the classic text form (`ERR_REPLY_UNREADABLE`). Whether an
 * operation that moves money took effect is unknown: query its status before repeating it.
 *
 * @example
 * ```ts
 * import { ServerError } from "@card-processing/client";
 * const { error } = await gateway.capture(body);
 * if (error instanceof ServerError) await gateway.statusByClientOrderId(body.client_orderid);
 * ```
 */
export class ServerError extends GatewayError {
  override name = "ServerError" as const;
  declare readonly code: "ERR_SERVER" | "ERR_REPLY_UNREADABLE";
  /** The gateway's `error-message`. */
  readonly gatewayMessage: string | undefined;
  /** The gateway's numeric `error-code`. */
  readonly gatewayCode: number | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & {
      code?: "ERR_SERVER" | "ERR_REPLY_UNREADABLE";
      gatewayMessage?: string | undefined;
      gatewayCode?: number | undefined;
    } = {},
  ) {
    super(options.code ?? "ERR_SERVER", message, options);
    this.gatewayMessage = options.gatewayMessage;
    this.gatewayCode = options.gatewayCode;
  }
}

/**
 * The {@link ServerError} `ERR_REPLY_UNREADABLE` of a reply with no body, or one in neither form.
 *
 * @example
 * ```ts
 * throw unreadableReply(response, "sale"); // "sale: the HTTP 200 reply is neither JSON nor the classic text form."
 * ```
 */
export function unreadableReply(response: Response, where = "The request"): ServerError {
  return new ServerError(`${where}: the HTTP ${response.status} reply is neither JSON nor the classic text form.`, {
    code: "ERR_REPLY_UNREADABLE",
    response,
  });
}
