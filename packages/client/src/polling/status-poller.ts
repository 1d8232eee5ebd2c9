import { type FinalStatus, isFinalStatus } from "@card-processing/types";
import type { GatewayFailure, GatewayResult } from "../errors/gateway-result.js";
import { checkKnownKeys } from "../errors/known-keys.js";
import { ServerError } from "../errors/server-error.js";
import { StatusUnchangedError } from "../errors/status-unchanged-error.js";
import { usageError } from "../errors/usage-error.js";
import { sleepUnlessAborted, waitAborted } from "./aborted-call.js";
import { type PollClock, type PollingSchedule, resolveSchedule, systemClock } from "./polling-schedule.js";

// A sandbox-only aid, not a gateway fact: the local sandbox (@card-processing/sandbox) marks its
// API replies `X-Sandbox-Clock: manual` when its clock moves only when a test advances it. A wait
// on real timers would then never see the order move, so it is refused at once, naming the fix.
const sandboxClockHeader = "x-sandbox-clock";

/**
 * One report of the status poller, made after each query that did not end the polling.
 *
 * @example
 * ```ts
 * import type { PollProgress } from "@card-processing/client";
 * const onProgress = (p: PollProgress) => console.log(p.attempt, p.status ?? p.error?.code, p.nextDelayMs);
 * ```
 */
export interface PollProgress {
  /** 1 for the first query. */
  readonly attempt: number;
  /** Time since the first query, in milliseconds. */
  readonly elapsedMs: number;
  /** The last status read, if any query succeeded so far. */
  readonly status: string | undefined;
  /** The transient failure of this query, if it failed. */
  readonly error: GatewayFailure | undefined;
  /** How long the poller waits before the next query. */
  readonly nextDelayMs: number;
}

/**
 * Options of the status poller.
 *
 * @example
 * ```ts
 * import type { PollOptions } from "@card-processing/client";
 * const options: PollOptions = { signal: AbortSignal.timeout(600_000), onProgress: console.log };
 * ```
 */
export interface PollOptions {
  /** Overrides of the documented cadence. */
  readonly schedule?: Partial<PollingSchedule> | undefined;
  /** Stops polling: the result is then a `TimeoutError` (`ERR_ABORTED`, outcome `"unknown"`), the signal's reason its `cause`. */
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((progress: PollProgress) => void) | undefined;
  /**
   * Time source; tests pass a fake one. Against a sandbox started with `clock: "manual"` pass
   * `sandboxTime(sandbox)` (from `@card-processing/sandbox`): without it, a wait that would sleep
   * throws a `UsageError` (`field: "clock"`) at once, as the sandbox says in its replies that
   * its clock moves only when advanced.
   */
  readonly clock?: PollClock | undefined;
  /** Picks a delay within each `[min, max]` range; `Math.random` by default. */
  readonly random?: (() => number) | undefined;
}

/**
 * Queries the status until it is final, following the schedule: returns the final status reply,
 * or a non-transient failure as soon as one comes. A transient failure (HTTP 5xx, a timeout, a
 * network error, a reply that is unreadable, cut short, incomplete or not a status reply) is only reported
 * through `onProgress` and the query repeated on schedule; the status query is the
 * only request ever repeated. When the status has not changed for `giveUpAfterUnchangedMs`, the
 * result is a {@link StatusUnchangedError} (`ERR_STATUS_UNCHANGED`); when `signal` ends the wait, a
 * `TimeoutError` (`ERR_ABORTED`). Neither is thrown: both come back as `error`.
 *
 * @example
 * ```ts
 * import { pollForFinalStatus } from "@card-processing/client";
 * const result = await pollForFinalStatus(() => gateway.status({ client_orderid: "902B4FF5" }));
 * ```
 */
export async function pollForFinalStatus<Reply extends { readonly status?: string | undefined }>(
  query: () => Promise<GatewayResult<Reply>>,
  options: PollOptions = {},
): Promise<GatewayResult<Reply & { readonly status: FinalStatus }>> {
  checkKnownKeys(options, pollOptionKeys, "", "pollForFinalStatus");
  return pollWithSchedule(query, resolveSchedule(options.schedule, "pollForFinalStatus"), options);
}

/**
 * {@link pollForFinalStatus} with options its caller has checked and a schedule it has resolved
 * (the gateway's `waitForFinalStatus`): nothing is checked again.
 */
export async function pollWithSchedule<Reply extends { readonly status?: string | undefined }>(
  query: () => Promise<GatewayResult<Reply>>,
  schedule: PollingSchedule,
  options: Omit<PollOptions, "schedule">,
): Promise<GatewayResult<Reply & { readonly status: FinalStatus }>> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const { signal } = options;
  const started = clock.now();
  let lastChange = started;
  let lastStatus: string | undefined;
  let lastResponse: Response | undefined;

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) return { error: waitAborted(WAIT, signal.reason), response: lastResponse };
    const result = await query();
    let failure: GatewayFailure | undefined;
    if (result.error) {
      // A query the signal cut short: the wait ends, the order's fate unknown whatever the query knew.
      if (signal?.aborted)
        return { error: waitAborted(WAIT, signal.reason, { cause: result.error }), response: lastResponse };
      if (!isTransient(result.error)) return result;
      failure = result.error;
    } else {
      lastResponse = result.response;
      const status = result.data.status;
      if (status !== undefined && isFinalStatus(status)) {
        return result as GatewayResult<Reply & { readonly status: FinalStatus }>;
      }
      if (status !== lastStatus) {
        lastStatus = status;
        lastChange = clock.now();
      }
    }
    const now = clock.now();
    const unchangedFor = now - lastChange;
    if (unchangedFor >= schedule.giveUpAfterUnchangedMs) {
      const error = new StatusUnchangedError(
        `The status stayed ${lastStatus ?? "unknown"} for ${Math.round(unchangedFor / 60_000)} min, so polling gave up.`,
        { unchangedForMs: unchangedFor, lastStatus, response: lastResponse, cause: failure },
      );
      return { error, response: lastResponse };
    }
    const [min, max] = now - started < schedule.firstPhaseMs ? schedule.firstDelayMs : schedule.laterDelayMs;
    // The last query lands exactly when the give-up window closes rather than up to one delay late.
    const nextDelayMs = Math.min(
      min + Math.round(random() * (max - min)),
      schedule.giveUpAfterUnchangedMs - unchangedFor,
    );
    if (options.clock === undefined && result.response?.headers.get(sandboxClockHeader) === "manual") {
      throw usageError(
        "ERR_OPTION_INVALID",
        "clock",
        "the sandbox's clock is manual, so a wait on real timers would never see the order move: pass `clock: sandboxTime(sandbox)` (from @card-processing/sandbox) to advance the sandbox instead of sleeping",
      );
    }
    options.onProgress?.({ attempt, elapsedMs: now - started, status: lastStatus, error: failure, nextDelayMs });
    const aborted = await sleepUnlessAborted(clock, nextDelayMs, signal, WAIT);
    if (aborted) return { error: aborted, response: lastResponse };
  }
}

const WAIT = "The wait for a final status";

/** The options a poll takes (also {@link WaitOptions}); any other key is refused by name. */
export const pollOptionKeys = ["schedule", "signal", "onProgress", "clock", "random"] as const;

function isTransient(error: GatewayFailure): boolean {
  // A network failure, a request timeout, a reply that was not the gateway's answer (a 5xx, a
  // proxy's page, an unreadable, cut, foreign or oversized body): a status query is safe to repeat.
  if (error.code === "ERR_NETWORK" || error.code === "ERR_TIMEOUT") return true;
  if (error.code === "ERR_REPLY_UNREADABLE" || error.code === "ERR_REPLY_FOREIGN") return true;
  if (error.code === "ERR_REPLY_INCOMPLETE" || error.code === "ERR_REPLY_TOO_LARGE") return true;
  return error instanceof ServerError && !(error.response && error.response.status < 500);
}
