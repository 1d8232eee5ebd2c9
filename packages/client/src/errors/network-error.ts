import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The connection failed before a complete reply arrived. When it was refused (nothing listens at
 * the address) the request never left: `outcome` is `"not-applied"`. Otherwise it may have
 * reached the gateway: `outcome` is `"unknown"` and, for an operation that moves money, the
 * message says to recover the order by its `clientOrderId` before sending it again. The client
 * never repeats such an operation on its own.
 *
 * @example
 * ```ts
 * import { NetworkError } from "@card-processing/client";
 * const { error } = await gateway.sale(body);
 * if (error instanceof NetworkError && error.outcome === "unknown") {
 *   const recovered = await gateway.recover(error);
 * }
 * ```
 */
export class NetworkError extends GatewayError {
  override name = "NetworkError" as const;
  declare readonly code: "ERR_NETWORK";

  constructor(message: string, options: GatewayErrorOptions = {}) {
    super("ERR_NETWORK", message, options);
  }
}
