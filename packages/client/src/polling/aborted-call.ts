import type { OperationEntry } from "@card-processing/types";
import type { GatewayErrorOptions } from "../errors/gateway-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import { moneyAdvice, requestFacts, type SentFields } from "../replies/money-advice.js";
import type { PollClock } from "./polling-schedule.js";

/** What the signal's reason was, for a message: `TimeoutError`, `AbortError`, or the caller's own. */
function reasonName(reason: unknown): string {
  return reason instanceof Error || (reason instanceof Object && "name" in reason)
    ? String((reason as { name: unknown }).name)
    : typeof reason;
}

/**
 * The {@link TimeoutError} (`ERR_ABORTED`) of a call the caller's signal ended, its reason as
 * `cause`. `sent` says whether the request may have left: `"unknown"` then (with the advice to
 * recover an operation that moves money), `"not-applied"` when nothing had been sent.
 */
export function abortedCall(
  where: string,
  reason: unknown,
  sent: boolean,
  about: GatewayErrorOptions & { entry?: OperationEntry | undefined; fields?: SentFields } = {},
): TimeoutError {
  const { entry, fields, ...options } = about;
  const state = sent
    ? `before a complete reply; it may have reached the gateway.${moneyAdvice(entry, fields)}`
    : "before anything was sent; the request was not sent.";
  return new TimeoutError(`${where}: the caller's signal ended the call (${reasonName(reason)}) ${state}`, {
    ...(entry === undefined ? {} : requestFacts(entry, fields)),
    ...options,
    cause: reason,
    code: "ERR_ABORTED",
    timeoutMs: undefined,
    // A request that moves nothing (the report) says so itself.
    outcome: options.outcome ?? (sent ? "unknown" : "not-applied"),
  });
}

/**
 * The {@link TimeoutError} (`ERR_ABORTED`, outcome `"unknown"`) of a wait or a recovery that the
 * caller's signal ended: what became of the order is still unknown. `about` says which request,
 * when the wait is a recovery of one (its facts and `failedAt`, so that `gateway.recover` takes
 * this error as it took the first).
 */
export function waitAborted(where: string, reason: unknown, about: GatewayErrorOptions = {}): TimeoutError {
  return new TimeoutError(
    `${where}: the caller's signal ended the wait (${reasonName(reason)}); what became of the order is still unknown.`,
    { ...about, cause: about.cause ?? reason, code: "ERR_ABORTED", timeoutMs: undefined, outcome: "unknown" },
  );
}

/**
 * Sleeps on `clock` between two queries of a wait or a recovery, and answers
 * {@link waitAborted}'s error when the signal ends it, before or during the sleep, instead of
 * rejecting.
 */
export async function sleepUnlessAborted(
  clock: PollClock,
  ms: number,
  signal: AbortSignal | undefined,
  where: string,
  about: GatewayErrorOptions = {},
): Promise<TimeoutError | undefined> {
  try {
    signal?.throwIfAborted();
    await clock.sleep(ms, signal);
    signal?.throwIfAborted();
    return undefined;
  } catch (error) {
    if (signal?.aborted !== true) throw error;
    return waitAborted(where, signal.reason, about);
  }
}
