import { maskCardNumbersInText } from "@card-processing/signing";
import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The gateway refused the request before processing it: a gateway reply of type
 * `validation-error` (JSON or the classic text form), whatever its HTTP status. Its `outcome` is
 * `"not-applied"`: the request can be corrected and sent again. An HTTP 4xx without such a reply
 * (a load balancer's `408` page, an empty `403`) is not the gateway's refusal but a
 * `ServerError` whose outcome is unknown.
 *
 * @example
 * ```ts
 * import { ValidationError } from "@card-processing/client";
 * const { error } = await gateway.sale(body);
 * if (error instanceof ValidationError) console.error(error.gatewayMessage, error.serialNumber);
 * ```
 */
export class ValidationError extends GatewayError {
  override name = "ValidationError" as const;
  declare readonly code: "ERR_VALIDATION";
  /** The gateway's `error-message`, naming the field or the rule that failed. */
  readonly gatewayMessage: string | undefined;
  /** The gateway's numeric `error-code`. */
  readonly gatewayCode: number | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & { gatewayMessage?: string | undefined; gatewayCode?: number | undefined } = {},
  ) {
    super("ERR_VALIDATION", message, options);
    this.gatewayMessage = options.gatewayMessage && maskCardNumbersInText(options.gatewayMessage);
    this.gatewayCode = options.gatewayCode;
  }
}
