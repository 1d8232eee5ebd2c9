import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * A call was cut short before a complete reply: the gateway's `timeoutMs` ran out
 * (`ERR_TIMEOUT`), or the caller's `signal` ended it (`ERR_ABORTED`, its reason as `cause`;
 * `AbortSignal.timeout(ms)` included). Either way it comes back as `{ error }`, never as a raw
 * `DOMException`. When the request may have left, `outcome` is `"unknown"` and, for an operation
 * that moves money, the message says to recover the order by its `clientOrderId` before sending
 * it again (`gateway.recover(error)` takes it); a signal that had already aborted before anything
 * was sent gives `"not-applied"`. An aborted wait or recovery leaves the order's outcome
 * `"unknown"`. (Waiting for a final status that gave up is a `StatusUnchangedError`.)
 *
 * @example
 * ```ts
 * import { TimeoutError } from "@card-processing/client";
 * const { error } = await gateway.status({ client_orderid: "902B4FF5" }, { signal: AbortSignal.timeout(5_000) });
 * if (error instanceof TimeoutError) console.warn(error.code, error.timeoutMs ?? "the caller's signal");
 * ```
 */
export class TimeoutError extends GatewayError {
  override name = "TimeoutError" as const;
  declare readonly code: "ERR_TIMEOUT" | "ERR_ABORTED";
  /** The gateway's limit that expired, in milliseconds; `undefined` when the caller's signal ended the call. */
  readonly timeoutMs: number | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & { timeoutMs?: number | undefined; code?: "ERR_TIMEOUT" | "ERR_ABORTED" | undefined },
  ) {
    super(options.code ?? "ERR_TIMEOUT", message, { outcome: "unknown", ...options });
    this.timeoutMs = options.timeoutMs;
  }
}
