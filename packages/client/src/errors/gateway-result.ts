import type { NetworkError } from "./network-error.js";
import type { OrderNotFoundError } from "./order-not-found-error.js";
import type { ReplyError } from "./reply-error.js";
import type { ServerError } from "./server-error.js";
import type { StatusUnchangedError } from "./status-unchanged-error.js";
import type { TimeoutError } from "./timeout-error.js";
import type { UsageError } from "./usage-error.js";
import type { ValidationError } from "./validation-error.js";

/**
 * Every way a gateway call can fail once it is under way. A decline is not among them: it is a
 * `status` of a successful reply.
 *
 * @example
 * ```ts
 * import type { GatewayFailure } from "@card-processing/client";
 * const safeToResend = (e: GatewayFailure) => e.outcome === "not-applied";
 * ```
 */
export type GatewayFailure =
  | ValidationError
  | OrderNotFoundError
  | ServerError
  | ReplyError
  | TimeoutError
  | StatusUnchangedError
  | NetworkError
  | UsageError;

/**
 * The outcome of a gateway call, as a value in the openapi-fetch shape: `data` with the typed
 * reply, or `error` with a {@link GatewayFailure}; `response` whenever the gateway answered.
 *
 * @example
 * ```ts
 * import type { GatewayResult } from "@card-processing/client";
 * function report<T>(result: GatewayResult<T>) {
 *   if (result.error) console.error(result.error.code, result.error.serialNumber);
 * }
 * ```
 */
export type GatewayResult<T> =
  | { readonly data: T; readonly error?: undefined; readonly response: Response }
  | { readonly data?: undefined; readonly error: GatewayFailure; readonly response: Response | undefined };
