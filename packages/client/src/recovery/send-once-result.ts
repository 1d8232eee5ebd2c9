import type { OperationPath, operationTable } from "@card-processing/types";
import type { GatewayFailure } from "../errors/gateway-result.js";
import type { OutcomeUnknownError } from "../errors/outcome-unknown-error.js";
import type { PollClock } from "../polling/polling-schedule.js";
import type { GatewayReply } from "../transport/gateway-call.js";
import type { Recovery } from "./recovery.js";

/**
 * The `operationId` of every operation that moves money (the spec's own flag): what
 * {@link Gateway.sendOnce} takes.
 *
 * @example
 * ```ts
 * import type { MoneyOperationId } from "@card-processing/client";
 * const refunds: MoneyOperationId = "return";
 * ```
 */
export type MoneyOperationId = {
  [P in OperationPath]: (typeof operationTable)[P]["movesMoney"] extends true
    ? (typeof operationTable)[P]["operationId"]
    : never;
}[OperationPath];

/**
 * Options of {@link Gateway.sendOnce}: its budget, the clock recoveries wait on, and a signal.
 *
 * @example
 * ```ts
 * import type { SendOnceOptions } from "@card-processing/client";
 * const options: SendOnceOptions = { sends: 3, recoveriesPerSend: 3, signal: AbortSignal.timeout(120_000) };
 * ```
 */
export interface SendOnceOptions {
  /** How many times the request may be sent in all, each time after a recovery found that the one before did not take effect; 3 by default. */
  readonly sends?: number | undefined;
  /** How many times `recover` is asked about one lost reply while the gateway cannot tell (`applied: "unknown"`), `retryAfterMs` apart; 3 by default. */
  readonly recoveriesPerSend?: number | undefined;
  /** Stops the call: a request that may have left then ends in an {@link OutcomeUnknownError}. */
  readonly signal?: AbortSignal | undefined;
  /** The clock recoveries wait on (the sandbox's, `sandboxTime(sandbox)`, under a manual clock). */
  readonly clock?: PollClock | undefined;
  /** How far the gateway's clock may be from yours, for `recover`; 60 000 ms by default. */
  readonly clockSkewMs?: number | undefined;
}

/**
 * What {@link Gateway.sendOnce} got through, and how: `"sent"` (the first send's reply),
 * `"resent"` (a reply was lost, a recovery found that request had not taken effect, and a later
 * send was answered) or `"recovered"` (a reply was lost and a recovery found the request had
 * taken effect: there is no `reply`, `recovery` says where it stands). `orderid` and
 * `serialNumber` are there either way, to follow it with `waitForFinalStatus`.
 *
 * @example
 * ```ts
 * import type { SentOnce } from "@card-processing/client";
 * const how = (s: SentOnce<"sale">) => `${s.how} after ${s.sends} sends and ${s.recoveries} recoveries: order ${s.orderid}`;
 * ```
 */
export type SentOnce<Id extends MoneyOperationId> = {
  readonly orderid: string;
  /** The `serial-number` of the request that took effect, when the gateway gave one. */
  readonly serialNumber: string | undefined;
  readonly sends: number;
  readonly recoveries: number;
} & (
  | { readonly how: "sent" | "resent"; readonly reply: GatewayReply<Id>; readonly recovery?: undefined }
  | { readonly how: "recovered"; readonly reply?: undefined; readonly recovery: Recovery & { readonly applied: true } }
);

/**
 * The answer of {@link Gateway.sendOnce}, in the shape of every gateway call: `data` when the
 * request took effect exactly once, or `error`: the gateway's refusal (`outcome` `"not-applied"`),
 * an {@link OutcomeUnknownError} when the budget ran out with the outcome unknown, or a
 * `NetworkError` whose `outcome` is `"not-applied"` when every send was found not to have taken
 * effect and none is left, or when a capture's, return's or void's order could not be read
 * before sending (nothing was sent). `response` is the last reply read, when there was one.
 *
 * @example
 * ```ts
 * import type { SendOnceResult } from "@card-processing/client";
 * const pending = (r: SendOnceResult<"sale">) => r.error?.outcome === "unknown";
 * ```
 */
export type SendOnceResult<Id extends MoneyOperationId> =
  | { readonly data: SentOnce<Id>; readonly error?: undefined; readonly response: Response | undefined }
  | {
      readonly data?: undefined;
      readonly error: GatewayFailure | OutcomeUnknownError;
      readonly response: Response | undefined;
    };
