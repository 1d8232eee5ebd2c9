import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * A request got no complete reply within `timeoutMs` (`ERR_TIMEOUT`), or status polling gave up
 * because the status did not change for the configured time (`ERR_STATUS_UNCHANGED`). After a
 * timeout the request may or may not have reached the gateway.
 *
 * @example
 * ```ts
 * import { TimeoutError } from "@card-processing/client";
 * const { error } = await gateway.status({ client_orderid: "902B4FF5" });
 * if (error instanceof TimeoutError) console.warn(`no reply after ${error.timeoutMs} ms`);
 * ```
 */
export class TimeoutError extends GatewayError {
  override name = "TimeoutError" as const;
  declare readonly code: "ERR_TIMEOUT" | "ERR_STATUS_UNCHANGED";
  /** The limit that expired, in milliseconds. */
  readonly timeoutMs: number;

  constructor(
    message: string,
    options: GatewayErrorOptions & { code?: "ERR_TIMEOUT" | "ERR_STATUS_UNCHANGED"; timeoutMs: number },
  ) {
    super(options.code ?? "ERR_TIMEOUT", message, options);
    this.timeoutMs = options.timeoutMs;
  }
}
