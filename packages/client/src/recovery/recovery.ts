import { toMinorUnits } from "@card-processing/signing";
import { type OperationEntry, operationTable, type TransactionStatus } from "@card-processing/types";
import { GatewayError } from "../errors/gateway-error.js";
import type { GatewayFailure, GatewayResult } from "../errors/gateway-result.js";
import { OrderNotFoundError } from "../errors/order-not-found-error.js";
import { OutcomeUnknownError, type TransactionsBefore } from "../errors/outcome-unknown-error.js";
import { UsageError, usageError } from "../errors/usage-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { sleepUnlessAborted, waitAborted } from "../polling/aborted-call.js";
import { type PollClock, type PollingSchedule, systemClock } from "../polling/polling-schedule.js";
import type { GatewayReply } from "../transport/gateway-call.js";
import { DEFAULT_CLOCK_SKEW_MS, followUpWindow } from "./before-the-send.js";
import type { ReportTransaction, TransactionReportQuery } from "./transaction-report.js";

/**
 * What {@link Gateway.recover} learned of a request whose outcome was unknown:
 * - `applied: true`: the gateway received it and made a transaction; `status` is where that
 *   transaction stands now (`processing` included), with the `orderid` and, for an operation on an
 *   existing order, the `serialNumber` of the request (to follow it with `waitForFinalStatus`);
 * - `applied: false`: it did not take effect: sending the same request again is safe;
 * - `applied: "unknown"`: the gateway could not be asked (its report or status did not answer);
 *   ask again after `retryAfterMs`, and do not send the request again meanwhile. For a capture,
 *   return or void it also means "cannot tell": the order holds a transaction of that type and
 *   amount, and nothing says it was not there before the request was sent (`reason` says so;
 *   asking again will not tell either: recover with `transactionsBefore`, or check the order).
 *
 * @example
 * ```ts
 * import type { Recovery } from "@card-processing/client";
 * const next = (r: Recovery) =>
 *   r.applied === true ? `order ${r.orderid} is ${r.status}` : r.applied === false ? "send it again" : `ask again in ${r.retryAfterMs} ms`;
 * ```
 */
export type Recovery =
  | {
      readonly applied: true;
      readonly operationId: string;
      readonly clientOrderId: string;
      readonly orderid: string;
      readonly status: TransactionStatus;
      readonly serialNumber: string | undefined;
      /** How it was learned: the status query (an operation that opens an order) or the transactions report. */
      readonly source: "status" | "report";
    }
  | { readonly applied: false; readonly operationId: string; readonly clientOrderId: string | undefined }
  | {
      readonly applied: "unknown";
      readonly operationId: string;
      readonly clientOrderId: string;
      readonly retryAfterMs: number;
      /** What could not be asked, with the failure's message, or why a found transaction cannot be told to be this request's. */
      readonly reason: string;
    };

/**
 * The answer of {@link Gateway.recover}: `data` with what was learned, or `error` when the gateway
 * refused to be asked (a report the merchant may not read, a signature it does not accept), or
 * when `signal` ended it (a `TimeoutError`, `ERR_ABORTED`, outcome `"unknown"`: it stands for the
 * failure being recovered, so `recover` takes it later as it took the first).
 * `response` is the last reply read, when there was one.
 *
 * @example
 * ```ts
 * import type { RecoveryResult } from "@card-processing/client";
 * const safeToResend = (r: RecoveryResult) => r.data?.applied === false;
 * ```
 */
export type RecoveryResult =
  | { readonly data: Recovery; readonly error?: undefined; readonly response?: Response | undefined }
  | { readonly data?: undefined; readonly error: GatewayFailure; readonly response: Response | undefined };

/**
 * Options of {@link Gateway.recover}: the clock to wait on (the sandbox's under a manual clock),
 * a signal that stops it, how far the gateway's clock may be from yours (60 s by default), and,
 * for a capture, return or void, the order's transactions that existed before it was sent and
 * where the report they came from began.
 *
 * @example
 * ```ts
 * import type { RecoverOptions } from "@card-processing/client";
 * const options: RecoverOptions = { clockSkewMs: 120_000, signal: AbortSignal.timeout(60_000) };
 * ```
 */
export interface RecoverOptions {
  readonly clock?: PollClock | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly clockSkewMs?: number | undefined;
  /**
   * For a capture, return or void: the `id`s (the transactions report's) of the transactions of
   * its type that the order held before the request was sent, read just before sending, and the
   * `createdFromDate` of that read (as `gateway.sendOnce` reads them, and as its
   * `OutcomeUnknownError` carries them). The recovery looks from that date on, and takes only a
   * transaction not among `ids` for the request's effect. Without them, it looks from shortly
   * before the failure (a time worked out from `clock`, which a manual clock moved since puts too
   * late), and a transaction of the same type and amount on the order answers `applied: "unknown"`
   * (cannot tell), never a match.
   */
  readonly transactionsBefore?: TransactionsBefore | undefined;
}

/** What recovering needs from the gateway it belongs to. */
export interface RecoveryQueries {
  readonly timeoutMs: number;
  readonly schedule: PollingSchedule;
  readonly status: (clientOrderId: string) => Promise<GatewayResult<GatewayReply<"status">>>;
  readonly report: (query: TransactionReportQuery) => Promise<GatewayResult<ReportTransaction[]>>;
}

/** What the masking of a card number leaves: first six digits, stars, last four. */
const CARD_NUMBER_MASK = /\d{6}\*+\d{4}/;

export const recoverOptionKeys = ["clock", "signal", "clockSkewMs", "transactionsBefore"] as const;
/** Transient failures ridden out before answering `applied: "unknown"`. */
const ATTEMPTS = 3;

/**
 * One look at the gateway: found, not found, a transaction that may be the request's or an
 * earlier one (`cannotTell`), or a failure (a refusal is returned as is).
 */
type Look =
  | { found: Recovery & { applied: true } }
  | { found: undefined }
  | { cannotTell: string }
  | { failed: GatewayFailure };

/**
 * Finds out whether the request behind `error` took effect. An operation that opens an order
 * (sale, preauth, rebill, payout, transfer...) is looked up by its `client_orderid` with the status
 * query; one on an existing order (capture, return, void) by the transactions report: a
 * transaction of its type (the spec's `x-report-types`) and amount on that order, created since
 * `transactionsBefore` was read (or, without it, since shortly before the failure), and not among
 * its `ids`: a transaction that existed before the send is never taken for its effect.
 * Without them a transaction of that type and amount answers `applied: "unknown"`: it may be
 * an earlier one (a first 4.00 return, when a second was lost), and "applied" would leave the
 * second refund unmade. "Not there" counts once it has been seen twice, the schedule's first
 * delay apart, since a request still on its way may arrive just after a first look; that delay
 * passes in real time whatever `clock` is given, since a request travels in real time (a manual
 * sandbox clock advances at once).
 */
export async function recoverRequest(
  error: unknown,
  queries: RecoveryQueries,
  options: RecoverOptions = {},
): Promise<RecoveryResult> {
  if (!(error instanceof GatewayError)) {
    throw usageError("ERR_FIELD_INVALID", "error", "expected an error returned by a gateway method", "recover");
  }
  // Any operation id an error may carry (a named operation, `transactionReport`...): looked up, not assumed.
  const entry = Object.values<OperationEntry>(operationTable).find((e) => e.operationId === error.operationId);
  const operationId = error.operationId ?? "unknown";
  if (error.outcome === "not-applied" || entry === undefined || !entry.movesMoney) {
    // Known not to have taken effect, or nothing that moves money: sending again is harmless.
    return { data: { applied: false, operationId, clientOrderId: error.clientOrderId } };
  }
  const clientOrderId = error.clientOrderId;
  if (clientOrderId === undefined) {
    throw usageError(
      "ERR_FIELD_INVALID",
      "error",
      "the failed request carried no client_orderid to recover it by",
      "recover",
    );
  }
  const clock = options.clock ?? systemClock;
  const followUp = entry.reportTypes.length > 0;
  if (!followUp && CARD_NUMBER_MASK.test(clientOrderId)) {
    // The error keeps a card number inside the id masked; a status query by the masked id would
    // find nothing and advise a second charge.
    throw usageError(
      "ERR_FIELD_INVALID",
      "error",
      "its client_orderid holds a card number and is masked in the error: recover with gateway.recoverOrder({ client_orderid }) and the id you stored",
      "recover",
    );
  }
  const read =
    options.transactionsBefore ?? (error instanceof OutcomeUnknownError ? error.transactionsBefore : undefined);
  const readFrom = read?.createdFromDate;
  const ids = read?.ids;
  // A Date that is not one (NaN) is not `>= 0`.
  const valid = readFrom instanceof Date && readFrom.getTime() >= 0 && Array.isArray(ids);
  if (read !== undefined && !(valid && ids.every((id) => typeof id === "string"))) {
    const what = "expected { ids: string[], createdFromDate: Date }";
    throw usageError("ERR_OPTION_INVALID", "options.transactionsBefore", what, "recover");
  }
  const before = ids === undefined ? undefined : new Set(ids);
  if (followUp && error.orderid === undefined) {
    throw usageError(
      "ERR_FIELD_INVALID",
      "error",
      `the failed ${operationId} named no orderid to recover it by`,
      "recover",
    );
  }
  // The window starts where the read of the transactions before began: whatever it finds is among
  // them or new since. Without that read, a reply's time limit and the clock skew before the
  // failure, in the gateway clock's terms (`clock.now()`, the sandbox's own under a manual clock),
  // fixed once: the recovery's own waits move `clock`, and a start that moved with them would
  // leave the request's transaction behind.
  const skew = options.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS;
  const from = readFrom?.getTime() ?? clock.now() - (Date.now() - error.failedAt.getTime()) - queries.timeoutMs - skew;
  const look = async (): Promise<Look> => {
    if (!followUp) return lookUpByStatus(queries, operationId, clientOrderId);
    const window = followUpWindow(entry, from, clock.now(), skew);
    return lookUpInReport(queries, error, entry, clientOrderId, window, before);
  };
  const delay = queries.schedule.firstDelayMs[0];
  // Cut short by the signal, the recovery stands in for the failure it recovers (its facts and
  // moment), so that `recover` takes it later as it took the first.
  const standIn = {
    operationId: error.operationId,
    clientOrderId,
    orderid: error.orderid,
    amount: error.amount,
    request: error.request,
    failedAt: error.failedAt,
  };
  let misses = 0;
  let failures = 0;
  /** When the first "not there" was seen, in real time. */
  let firstMissAt: number | undefined;
  for (;;) {
    if (options.signal?.aborted)
      return { error: waitAborted("recover", options.signal.reason, standIn), response: undefined };
    const result = await look();
    if ("found" in result && result.found !== undefined) return { data: result.found };
    if ("cannotTell" in result) {
      return {
        data: { applied: "unknown", operationId, clientOrderId, retryAfterMs: delay, reason: result.cannotTell },
      };
    }
    if ("failed" in result) {
      if (options.signal?.aborted) {
        const aborted = waitAborted("recover", options.signal.reason, { ...standIn, cause: result.failed });
        return { error: aborted, response: undefined };
      }
      // Refused to be asked (or asked at an address where nothing answers): asking again will not help.
      if (result.failed instanceof ValidationError || result.failed instanceof UsageError)
        return { error: result.failed, response: result.failed.response };
      failures += 1;
      if (failures >= ATTEMPTS) {
        return {
          data: { applied: "unknown", operationId, clientOrderId, retryAfterMs: delay, reason: result.failed.message },
        };
      }
    } else if (++misses >= 2) {
      return { data: { applied: false, operationId, clientOrderId } };
    } else {
      firstMissAt = Date.now();
    }
    const aborted = await sleepUnlessAborted(clock, delay, options.signal, "recover", standIn);
    if (aborted) return { error: aborted, response: undefined };
    // A request on its way takes real time to arrive, however fast `clock` went (a manual one).
    const stillToWait = firstMissAt === undefined ? 0 : delay - (Date.now() - firstMissAt);
    if (stillToWait > 0) {
      const stopped = await sleepUnlessAborted(systemClock, stillToWait, options.signal, "recover", standIn);
      if (stopped) return { error: stopped, response: undefined };
    }
  }
}

async function lookUpByStatus(queries: RecoveryQueries, operationId: string, clientOrderId: string): Promise<Look> {
  const result = await queries.status(clientOrderId);
  if (result.error instanceof OrderNotFoundError && result.response !== undefined) return { found: undefined };
  if (result.error) return { failed: result.error };
  const reply = result.data;
  return {
    found: {
      applied: true,
      operationId,
      clientOrderId,
      orderid: String(reply["paynet-order-id"]),
      status: reply.status,
      serialNumber: undefined,
      source: "status",
    },
  };
}

async function lookUpInReport(
  queries: RecoveryQueries,
  error: GatewayError,
  entry: OperationEntry,
  clientOrderId: string,
  query: TransactionReportQuery,
  before: ReadonlySet<string> | undefined,
): Promise<Look> {
  const result = await queries.report(query);
  if (result.error) return { failed: result.error };
  const sameAmount = (row: ReportTransaction) => {
    if (error.amount === undefined) return true;
    try {
      return toMinorUnits(row.amount, row.currency) === toMinorUnits(error.amount, row.currency);
    } catch {
      // An amount that cannot be compared may be the one sent: for money going back, the safe side.
      return true;
    }
  };
  const candidates = result.data.filter(
    (row) => row["paynet-order-id"] === error.orderid && entry.reportTypes.includes(row.type) && sameAmount(row),
  );
  if (candidates.length === 0) return { found: undefined };
  // Only a transaction known not to have existed before the send is its effect.
  const match = before === undefined ? undefined : candidates.find((row) => row.id !== "" && !before.has(row.id));
  if (match === undefined && (before === undefined || candidates.some((row) => row.id === ""))) {
    const what = `${entry.operationId} of order ${error.orderid}`;
    const why =
      before === undefined
        ? "the order's transactions before the send are not known: recover with transactionsBefore, as gateway.sendOnce does, or check the order"
        : "the report gives one no id: check the order";
    return {
      cannotTell: `cannot tell: the order holds ${candidates.length} ${candidates[0]?.type} transaction(s) of this amount that may be this ${what} or an earlier one (${why})`,
    };
  }
  if (match === undefined) return { found: undefined };
  return {
    found: {
      applied: true,
      operationId: entry.operationId,
      clientOrderId,
      orderid: match["paynet-order-id"],
      status: match.status,
      serialNumber: match["serial-number"],
      source: "report",
    },
  };
}
