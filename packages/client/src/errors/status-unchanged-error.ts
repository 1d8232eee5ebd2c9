import { maskCardNumbersInText } from "@card-processing/signing";
import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * Waiting for a final status gave up: the status did not change for the schedule's
 * `giveUpAfterUnchangedMs` (an hour by default, as the gateway documents). The order's outcome
 * is still `"unknown"`: keep it, and ask again later (`gateway.recoverOrder`).
 *
 * @example
 * ```ts
 * import { StatusUnchangedError } from "@card-processing/client";
 * const { error } = await gateway.waitForFinalStatus({ client_orderid: "902B4FF5" });
 * if (error instanceof StatusUnchangedError) console.warn(`still ${error.lastStatus} after ${error.unchangedForMs} ms`);
 * ```
 */
export class StatusUnchangedError extends GatewayError {
  override name = "StatusUnchangedError" as const;
  declare readonly code: "ERR_STATUS_UNCHANGED";
  /** How long the status stayed the same, in milliseconds. */
  readonly unchangedForMs: number;
  /** The last status read, if any query succeeded. */
  readonly lastStatus: string | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & { unchangedForMs: number; lastStatus: string | undefined },
  ) {
    super("ERR_STATUS_UNCHANGED", message, { outcome: "unknown", ...options });
    this.unchangedForMs = options.unchangedForMs;
    this.lastStatus = options.lastStatus && maskCardNumbersInText(options.lastStatus);
  }
}
