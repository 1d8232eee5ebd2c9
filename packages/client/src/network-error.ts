import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The connection failed before a complete reply arrived: the request may or may not have reached
 * the gateway. The client never repeats an operation that moves money on its own; for those,
 * `clientOrderId` is set and the message says to query the status by it first.
 *
 * @example
 * ```ts
 * import { NetworkError } from "@card-processing/client";
 * const { error } = await gateway.sale(body);
 * if (error instanceof NetworkError && error.clientOrderId) {
 *   const status = await gateway.statusByClientOrderId(error.clientOrderId);
 * }
 * ```
 */
export class NetworkError extends GatewayError {
  override name = "NetworkError" as const;
  declare readonly code: "ERR_NETWORK";
  /** The operation that failed, when known. */
  readonly operationId: string | undefined;
  /** Set when the operation moves money: query the status by this `client_orderid` before retrying. */
  readonly clientOrderId: string | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & { operationId?: string | undefined; clientOrderId?: string | undefined } = {},
  ) {
    super("ERR_NETWORK", message, options);
    this.operationId = options.operationId;
    this.clientOrderId = options.clientOrderId;
  }
}
