/**
 * Every `code` a {@link GatewayError} of this package can carry.
 *
 * @example
 * ```ts
 * import type { GatewayErrorCode } from "@card-processing/client";
 * const retryable: GatewayErrorCode[] = ["ERR_NETWORK", "ERR_TIMEOUT"];
 * ```
 */
export type GatewayErrorCode =
  | "ERR_VALIDATION"
  | "ERR_SERVER"
  | "ERR_REPLY_UNREADABLE"
  | "ERR_TIMEOUT"
  | "ERR_STATUS_UNCHANGED"
  | "ERR_NETWORK"
  | "ERR_SIGNATURE_MISSING"
  | "ERR_SIGNATURE_INVALID"
  | "ERR_FIELD_INVALID"
  | "ERR_OPTION_INVALID";

/**
 * What every error of this package may carry besides its message.
 *
 * @example
 * ```ts
 * import type { GatewayErrorOptions } from "@card-processing/client";
 * const options: GatewayErrorOptions = { serialNumber: "00000000-0000-0000-0000-0000026f8e3a" };
 * ```
 */
export interface GatewayErrorOptions {
  cause?: unknown;
  /** The HTTP response, when the gateway answered. */
  response?: Response | undefined;
  /** The gateway's `serial-number` of the reply, when it gave one; quote it to support. */
  serialNumber?: string | undefined;
}

/**
 * Base class of every error this package produces; `code` tells them apart without string
 * matching. Messages never contain a key, a card number or a CVV.
 *
 * @example
 * ```ts
 * import { GatewayError } from "@card-processing/client";
 * try {
 *   await gateway.sale(body);
 * } catch (error) {
 *   if (error instanceof GatewayError) console.error(error.code, error.serialNumber);
 * }
 * ```
 */
export class GatewayError extends Error {
  override name: string = "GatewayError";
  readonly code: GatewayErrorCode;
  readonly response: Response | undefined;
  readonly serialNumber: string | undefined;

  constructor(code: GatewayErrorCode, message: string, options: GatewayErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.response = options.response;
    this.serialNumber = options.serialNumber;
  }
}
