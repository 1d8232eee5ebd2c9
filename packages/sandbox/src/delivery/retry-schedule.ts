const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The sandbox's documented callback schedule: the wait before each redelivery of a callback that
 * was not answered 200. The first delivery is immediate; these 29 waits give 30 deliveries in all,
 * the last 13 days 22 hours 3 minutes after the first (the documented gateway: 30 over 14 days).
 * Short waits first, for a merchant that was briefly down; then longer, for one that is not.
 *
 * @example
 * ```ts
 * import { documentedRetryDelaysMs } from "@card-processing/sandbox";
 * const lastDeliveryAfterMs = documentedRetryDelaysMs.reduce((a, b) => a + b, 0); // 13 d 22 h 3 min
 * ```
 */
export const documentedRetryDelaysMs: readonly number[] = [
  1 * MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  2 * HOUR,
  4 * HOUR,
  6 * HOUR,
  8 * HOUR,
  12 * HOUR,
  12 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
  18 * HOUR,
];

/** When a callback is tried again: `attempts` deliveries in all, with `delayAfter(n)` after the n-th. */
export interface RetrySchedule {
  readonly attempts: number;
  /** Wait after failed delivery number `attempt` (1-based), or `undefined` when it was the last. */
  delayAfter(attempt: number): number | undefined;
}

/** The documented schedule, cut to `attempts` deliveries (at most 30). */
export function documentedSchedule(attempts = documentedRetryDelaysMs.length + 1): RetrySchedule {
  const limit = Math.min(attempts, documentedRetryDelaysMs.length + 1);
  return {
    attempts: limit,
    delayAfter: (attempt) => (attempt < limit ? documentedRetryDelaysMs[attempt - 1] : undefined),
  };
}

/** Bounded exponential backoff: `initialDelayMs`, then `factor` times longer, never above `maxDelayMs`. */
export function backoffSchedule(
  attempts: number,
  initialDelayMs: number,
  factor: number,
  maxDelayMs: number,
): RetrySchedule {
  return {
    attempts,
    delayAfter: (attempt) =>
      attempt < attempts ? Math.min(maxDelayMs, initialDelayMs * factor ** (attempt - 1)) : undefined,
  };
}
