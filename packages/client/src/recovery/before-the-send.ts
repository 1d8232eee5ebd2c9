import type { OperationEntry } from "@card-processing/types";
import type { GatewayFailure, GatewayResult } from "../errors/gateway-result.js";
import { UsageError } from "../errors/usage-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { PollClock } from "../polling/polling-schedule.js";
import type { ReportTransaction, TransactionReportQuery } from "./transaction-report.js";

/** How far the gateway's clock may be from yours unless told otherwise (`clockSkewMs`). */
export const DEFAULT_CLOCK_SKEW_MS = 60_000;

/** Transient failures of the report ridden out before giving up. */
const ATTEMPTS = 3;

/**
 * The creation period of the transactions a follow-up sent at `sentAt` (gateway-clock time) may
 * have made: from a reply's time limit and the clock skew before then, to the skew after `now`.
 * `recover` looks there; `sendOnce` reads it before sending, so that what it finds there later and
 * did not see before is the send's own.
 */
export function followUpWindow(
  entry: OperationEntry,
  sentAt: number,
  now: number,
  limits: { readonly timeoutMs: number; readonly skewMs: number },
): TransactionReportQuery {
  return {
    createdFromDate: new Date(sentAt - limits.timeoutMs - limits.skewMs),
    createdToDate: new Date(now + limits.skewMs),
    transactionTypes: entry.reportTypes as TransactionReportQuery["transactionTypes"],
  };
}

/** What reading an order's transactions before a follow-up needs. */
export interface BeforeTheSend {
  readonly report: (query: TransactionReportQuery) => Promise<GatewayResult<ReportTransaction[]>>;
  readonly clock: PollClock;
  readonly timeoutMs: number;
  readonly skewMs: number;
  /** How long to wait before reading again after a transient failure. */
  readonly retryDelayMs: number;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The `id`s of the transactions that `orderid` already holds of the types `entry` makes (the
 * spec's `x-report-types`: a return's reversals, a capture's captures), from the transactions
 * report over {@link followUpWindow}: what `sendOnce` reads before it sends a capture, return or
 * void. A recovery given them never takes one of those for the send's effect (a first 4.00 return
 * for a second one that never arrived). Rides out transient failures; answers the last failure
 * when the report cannot be read (a refusal at once).
 */
export async function transactionIdsBefore(
  entry: OperationEntry,
  orderid: string,
  needs: BeforeTheSend,
): Promise<GatewayResult<string[]>> {
  let last: GatewayFailure | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const now = needs.clock.now();
    // From a skew earlier than any later recovery looks (a manual clock may lag the real one).
    const read = await needs.report(followUpWindow(entry, now - needs.skewMs, now, needs));
    if (!read.error) {
      const ids = read.data
        .filter((row) => row["paynet-order-id"] === orderid && entry.reportTypes.includes(row.type))
        .map((row) => row.id);
      return { data: ids, response: read.response };
    }
    last = read.error;
    const refused = last instanceof ValidationError || last instanceof UsageError;
    if (refused || needs.signal?.aborted || attempt === ATTEMPTS) break;
    await needs.clock.sleep(needs.retryDelayMs, needs.signal).catch(() => undefined);
  }
  return { error: last as GatewayFailure, response: last?.response };
}
