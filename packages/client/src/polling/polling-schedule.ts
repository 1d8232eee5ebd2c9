import { checkKnownKeys } from "../errors/known-keys.js";
import { usageError } from "../errors/usage-error.js";

const scheduleKeys = ["firstDelayMs", "firstPhaseMs", "laterDelayMs", "giveUpAfterUnchangedMs"] as const;

/**
 * When to query the status again while a transaction is not final.
 *
 * @example
 * ```ts
 * import { documentedPollingSchedule, type PollingSchedule } from "@card-processing/client";
 * const impatient: PollingSchedule = { ...documentedPollingSchedule, giveUpAfterUnchangedMs: 600_000 };
 * ```
 */
export interface PollingSchedule {
  /** Delay between queries during the first phase, as `[min, max]` milliseconds. */
  readonly firstDelayMs: readonly [number, number];
  /** How long the first phase lasts, from the first query. */
  readonly firstPhaseMs: number;
  /** Delay between queries after the first phase, as `[min, max]` milliseconds. */
  readonly laterDelayMs: readonly [number, number];
  /** Give up when the status has not changed for this long. */
  readonly giveUpAfterUnchangedMs: number;
}

/**
 * The gateway's documented cadence: every 3–5 s for the first 5 minutes, then every 5–10 minutes,
 * giving up after an hour without a change of status.
 *
 * @example
 * ```ts
 * import { documentedPollingSchedule } from "@card-processing/client";
 * documentedPollingSchedule.firstDelayMs; // [3000, 5000]
 * ```
 */
export const documentedPollingSchedule: PollingSchedule = Object.freeze({
  firstDelayMs: Object.freeze([3_000, 5_000] as const),
  firstPhaseMs: 5 * 60_000,
  laterDelayMs: Object.freeze([5 * 60_000, 10 * 60_000] as const),
  giveUpAfterUnchangedMs: 60 * 60_000,
});

/**
 * Time as the status poller sees it; tests pass a fake one to check the schedule without waiting.
 *
 * @example
 * ```ts
 * import type { PollClock } from "@card-processing/client";
 * let now = 0;
 * const fake: PollClock = { now: () => now, sleep: async (ms) => { now += ms; } };
 * ```
 */
export interface PollClock {
  now(): number;
  /** Resolves after `ms` milliseconds; rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock, the poller's default: `Date.now()` and an abortable `setTimeout`. */
export const systemClock: PollClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

/**
 * Checks a partial schedule and fills the gaps from `base` ({@link documentedPollingSchedule}
 * unless a resolved schedule is given).
 */
export function resolveSchedule(
  partial: Partial<PollingSchedule> = {},
  where = "waitForFinalStatus",
  base: PollingSchedule = documentedPollingSchedule,
): PollingSchedule {
  checkKnownKeys(partial, scheduleKeys, "schedule", where);
  const schedule = { ...base, ...partial };
  for (const key of scheduleKeys) {
    const value: unknown = schedule[key];
    const range = key.endsWith("DelayMs");
    const [min, max] = Array.isArray(value) ? value : [0, value];
    if (range !== Array.isArray(value) || !(min >= 0 && max >= min && Number.isFinite(max))) {
      throw usageError(
        "ERR_OPTION_INVALID",
        `schedule.${key}`,
        `expected milliseconds >= 0${range ? " as [min, max] with min <= max" : ""}`,
        where,
      );
    }
  }
  return schedule;
}
