import { maskCardNumbersInText } from "@card-processing/signing";
import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The gateway answered that it failed (HTTP 5xx or a reply of type `error`), or something between
 * you and the gateway answered in its place with an HTTP error status and no gateway reply (a
 * proxy's 502, 503 or 504 page, a load balancer's `408` page, an empty `400`, `403` or `429`); the
 * message says which was observed. `outcome` is `"unknown"`: an operation that moves money may
 * have taken effect, so recover the order by its `clientOrderId` before sending it again.
 *
 * @example
 * ```ts
 * import { ServerError } from "@card-processing/client";
 * const { error } = await gateway.sale(body);
 * if (error instanceof ServerError) await gateway.recover(error);
 * ```
 */
export class ServerError extends GatewayError {
  override name = "ServerError" as const;
  declare readonly code: "ERR_SERVER";
  /** The gateway's `error-message`. */
  readonly gatewayMessage: string | undefined;
  /** The gateway's numeric `error-code`. */
  readonly gatewayCode: number | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & {
      gatewayMessage?: string | undefined;
      gatewayCode?: number | undefined;
    } = {},
  ) {
    super("ERR_SERVER", message, { outcome: "unknown", ...options });
    this.gatewayMessage = options.gatewayMessage && maskCardNumbersInText(options.gatewayMessage);
    this.gatewayCode = options.gatewayCode;
  }
}
