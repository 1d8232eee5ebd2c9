import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * A request got no complete reply within `timeoutMs`. It may have reached the gateway: `outcome`
 * is `"unknown"`, and for an operation that moves money the message says to recover the order by
 * its `clientOrderId` before sending it again. (Waiting for a final status that gave up is a
 * `StatusUnchangedError`.)
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
  declare readonly code: "ERR_TIMEOUT";
  /** The limit that expired, in milliseconds. */
  readonly timeoutMs: number;

  constructor(message: string, options: GatewayErrorOptions & { timeoutMs: number }) {
    super("ERR_TIMEOUT", message, { outcome: "unknown", ...options });
    this.timeoutMs = options.timeoutMs;
  }
}
