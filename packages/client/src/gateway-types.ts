import type { CardProcessingClient } from "./create-client.js";
import type { GatewayResult } from "./errors/gateway-result.js";
import type { GatewayOperations } from "./generated/gateway-operations.js";
import type { PollOptions } from "./polling/status-poller.js";
import type { OrderRecovery } from "./recovery/order-recovery.js";
import type { RecoverOptions, RecoveryResult } from "./recovery/recovery.js";
import type { MoneyOperationId, SendOnceOptions, SendOnceResult } from "./recovery/send-once-result.js";
import type { ReportTransaction, TransactionReportQuery } from "./recovery/transaction-report.js";
import type { CallOptions, GatewayBody, GatewayReply } from "./transport/gateway-call.js";

/**
 * Which transaction {@link Gateway.waitForFinalStatus} follows: always its `client_orderid`,
 * the gateway's `orderid` when known, and the `serial-number` of one request of the order (a
 * capture, a return) to follow that request rather than the order's latest.
 *
 * @example
 * ```ts
 * import type { TransactionRef } from "@card-processing/client";
 * const ref: TransactionRef = { client_orderid: "902B4FF5", orderid: "1234567" };
 * const refund: TransactionRef = { ...ref, "serial-number": "a6f9bd2e-0c41-4bb8-9f0e-4d4c5a1e2b77" }; // from the return's reply
 * ```
 */
export interface TransactionRef {
  readonly client_orderid: string;
  readonly orderid?: string | undefined;
  /** The `serial-number` of a request's acknowledgement: sent as `by-request-sn`, so the status is that request's own. */
  readonly "serial-number"?: string | undefined;
}

/**
 * Options of {@link Gateway.waitForFinalStatus}: the poller's options. `signal` stops the waiting
 * (the result is then a `TimeoutError`, `ERR_ABORTED`, outcome `"unknown"`, as `error`); there is no `timeoutMs` here (each status query has the gateway's `timeoutMs`): for an overall
 * limit pass `signal: AbortSignal.timeout(ms)`, and `schedule.giveUpAfterUnchangedMs` ends the
 * waiting when the status stops changing (one hour by default, as documented).
 *
 * @example
 * ```ts
 * import type { WaitOptions } from "@card-processing/client";
 * const options: WaitOptions = { onProgress: (p) => console.log(p.status) };
 * ```
 */
export type WaitOptions = PollOptions;

/**
 * The gateway with its endpoint and credentials bound: every operation by name, plus status
 * helpers. Each method is a thin, signed call of the raw `client`.
 *
 * @example
 * ```ts
 * import { createGateway, type Gateway } from "@card-processing/client";
 * const gateway: Gateway = createGateway({ baseUrl, endpointId: 1111, login, controlKey });
 * ```
 */
export interface Gateway extends GatewayOperations {
  /** The signed raw client the methods call. */
  readonly client: CardProcessingClient;
  /** Queries the status by `client_orderid` alone, e.g. after a network error on a payment. */
  statusByClientOrderId(clientOrderId: string, options?: CallOptions): Promise<GatewayResult<GatewayReply<"status">>>;
  /**
   * After a failure whose `outcome` is `"unknown"` (a lost, cut or foreign reply, a timeout), or at
   * start-up for orders left unknown: finds out what became of the order by `client_orderid`
   * (and `orderid` when known), repeating status queries through transient failures on the
   * polling schedule. `data.found` is `false` when the gateway has no such order (answered twice,
   * the first delay apart): sending it again with the same `client_orderid` is then safe. Otherwise
   * `data` holds the order's final `status` and `orderid`. A `signal` that ends it answers a
   * `TimeoutError` (`ERR_ABORTED`, outcome `"unknown"`): keep the order for the next look.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.recoverOrder({ client_orderid: "902B4FF5" });
   * if (error) throw error;
   * if (!data.found) await gateway.sale(body); // never reached the gateway: safe to send again
   * else console.log(data.orderid, data.status);
   * ```
   */
  recoverOrder(
    order: Pick<TransactionRef, "client_orderid" | "orderid">,
    options?: WaitOptions,
  ): Promise<GatewayResult<OrderRecovery>>;
  /**
   * After a failure whose `outcome` is `"unknown"` on any operation that moves money (a sale,
   * preauth, rebill, capture, return, void, payout or transfer whose reply was lost, cut, foreign
   * or late): asks the gateway whether that request took effect, and answers
   * `{ applied: true, orderid, status, serialNumber }` (what the lost reply would have told),
   * `{ applied: false }` (safe to send the same request again) or `{ applied: "unknown", retryAfterMs }`
   * (the gateway could not be asked: ask again later, send nothing meanwhile). An operation that
   * opens an order is found by its `client_orderid` (status query); a capture, return or void by
   * the transactions report (a transaction of its type and amount on the order, not among
   * `options.transactionsBefore`: the order's transactions read before the send, which `sendOnce`
   * reads and its `OutcomeUnknownError` keeps, looked for from where that read began). Without
   * them it looks from shortly before the failure, and a transaction of that type and amount
   * answers `applied: "unknown"` (cannot tell: it may be an earlier one), never a match. An error whose `outcome` is `"not-applied"` (the gateway's own
   * refusal, or a request that never left) answers `applied: false` at once. A
   * call cut short by its `signal` (`ERR_ABORTED`) is recovered like any other; a recovery cut
   * short answers an `ERR_ABORTED` error that `recover` takes later as it took the first.
   *
   * @example
   * ```ts
   * const refund = { client_orderid: "902B4FF5", orderid: "1234567", amount: "3.00", currency: "USD", comment: "one mug back" };
   * const period = { createdFromDate: new Date(Date.now() - 600_000), createdToDate: new Date(Date.now() + 60_000) };
   * const rows = await gateway.transactionReport({ ...period, transactionTypes: ["reversal"] });
   * if (rows.error) throw rows.error; // read the order before sending the return
   * const ids = rows.data.filter((t) => t["paynet-order-id"] === refund.orderid).map((t) => t.id);
   * const { error } = await gateway.return(refund);
   * if (error?.outcome === "unknown") {
   *   const recovered = await gateway.recover(error, { transactionsBefore: { ids, createdFromDate: period.createdFromDate } });
   *   if (recovered.data?.applied === false) await gateway.return(refund); // never took effect
   *   else if (recovered.data?.applied === true) console.log(recovered.data.status, recovered.data.serialNumber);
   * }
   * ```
   */
  recover(error: unknown, options?: RecoverOptions): Promise<RecoveryResult>;
  /**
   * Sends a request that moves money (`"sale"`, `"return"`, `"capture"`, `"void"`, `"payout"`...)
   * so that it takes effect exactly once, the loop every shop would otherwise write: (for a
   * capture, return or void, read the order's transactions of its type first, and send nothing
   * when they cannot be read); send; on a
   * failure whose `outcome` is `"unknown"`, {@link Gateway.recover}; send again only when that says
   * the request did not take effect; wait `retryAfterMs` and ask again while the gateway cannot
   * tell; stop after `options.sends` sends (3) and `options.recoveriesPerSend` asks (3). `data` says
   * how it got through (`how`: `"sent"`, `"resent"` or `"recovered"`, with the counts); `error` is
   * the gateway's refusal, or an `OutcomeUnknownError` (send nothing again; recover it later) when
   * the budget or the `signal` ran out first. Misuse (an operation that moves no money, a body
   * without the ids a recovery needs) throws before anything is sent.
   *
   * @example
   * ```ts
   * const refund = { client_orderid: "902B4FF5", orderid: "1234567", amount: "3.00", currency: "USD", comment: "one mug back" };
   * const { data, error } = await gateway.sendOnce("return", refund);
   * if (error?.outcome === "unknown") console.warn("keep it pending; recover later:", error.message);
   * else if (error) throw error; // refused: nothing happened at the gateway
   * else console.log(data.how, data.orderid, data.serialNumber); // "sent", "resent" or "recovered"
   * ```
   */
  sendOnce<Id extends MoneyOperationId>(
    operation: Id,
    body: GatewayBody<Id>,
    options?: SendOnceOptions,
  ): Promise<SendOnceResult<Id>>;
  /**
   * The gateway's transactions report: every transaction created in a period (at most 31 days),
   * with its type, status, order and amount, optionally limited to types, statuses and endpoints
   * (this gateway's endpoint when none is named). For reconciliation, and what `recover` reads
   * for a capture, return or void.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.transactionReport({
   *   createdFromDate: new Date(Date.now() - 86_400_000),
   *   createdToDate: new Date(),
   *   transactionTypes: ["reversal"],
   * });
   * if (error) throw error;
   * for (const t of data) console.log(t["merchant-order-id"], t.type, t.status, t.amount);
   * ```
   */
  transactionReport(query: TransactionReportQuery, options?: CallOptions): Promise<GatewayResult<ReportTransaction[]>>;
  /** Polls the status on the documented cadence until it is final. */
  waitForFinalStatus(
    transaction: TransactionRef,
    options?: WaitOptions,
  ): Promise<GatewayResult<GatewayReply<"status"> & { readonly status: import("@card-processing/types").FinalStatus }>>;
}
