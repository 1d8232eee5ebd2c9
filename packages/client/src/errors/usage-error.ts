import { maskCardNumbersInText } from "@card-processing/signing";
import { GatewayError, type GatewayErrorCode, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The codes of {@link UsageError}.
 *
 * @example
 * ```ts
 * import type { UsageErrorCode } from "@card-processing/client";
 * const code: UsageErrorCode = "ERR_OPTION_INVALID";
 * ```
 */
export type UsageErrorCode = Extract<GatewayErrorCode, "ERR_FIELD_INVALID" | "ERR_OPTION_INVALID">;

/**
 * The call itself is wrong (a bad option, a nested value in a form body): thrown at once, before
 * anything is sent. `field` names the culprit; its value never appears in the message. A body
 * that breaks a rule of its operation (a required field missing, a bad amount or currency)
 * throws a `SigningError` instead, the same whether the client's checks or signing find it.
 *
 * @example
 * ```ts
 * import { createGateway, UsageError } from "@card-processing/client";
 * try {
 *   createGateway({ ...options, endpointId: "11x" });
 * } catch (error) {
 *   if (error instanceof UsageError) console.error(error.code, error.field); // ERR_OPTION_INVALID endpointId
 * }
 * ```
 */
export class UsageError extends GatewayError {
  override name = "UsageError" as const;
  declare readonly code: UsageErrorCode;
  /** The request field or option at fault. */
  readonly field: string | undefined;

  constructor(
    code: UsageErrorCode,
    message: string,
    options: GatewayErrorOptions & { field?: string | undefined } = {},
  ) {
    super(code, message, options);
    this.field = options.field && maskCardNumbersInText(options.field);
  }
}

/**
 * A {@link UsageError} about one field, worded as every such message is: `where: field: rule`.
 * The rule says what was expected; the value never appears.
 */
export function usageError(
  code: UsageErrorCode,
  field: string,
  rule: string,
  where?: string,
  cause?: unknown,
): UsageError {
  return new UsageError(code, `${where === undefined ? "" : `${where}: `}${field}: ${rule}`, { field, cause });
}
