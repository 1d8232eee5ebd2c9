import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The order's transactions of a follow-up's type (a return's reversals, a capture's captures)
 * before it was sent, and where the report they came from began. A recovery looks from that same
 * moment on, so every transaction it finds is either among `ids` or new since the read; it does not
 * guess the moment from the failure's time, which a manual clock moved since would put past the
 * request's own transaction.
 *
 * @example
 * ```ts
 * import type { TransactionsBefore } from "@card-processing/client";
 * const before: TransactionsBefore = { ids: ["1234567-2"], createdFromDate: new Date("2026-11-28T10:00:00Z") };
 * ```
 */
export interface TransactionsBefore {
  /** The `id`s (the transactions report's) of the order's transactions of the follow-up's type. */
  readonly ids: readonly string[];
  /** The `createdFromDate` of the report they were read from (in the gateway clock's terms: `clock`'s). */
  readonly createdFromDate: Date;
}

/**
 * {@link Gateway.sendOnce} ran out of its budget with the request's outcome still unknown: a reply
 * was lost and the gateway could not say whether the request took effect (it did not answer, or
 * refused to be asked), or the call's `signal` stopped it. The request may have moved money: send
 * nothing again, keep the order as pending, and pass this error to `gateway.recover(error)` later
 * (at start-up, from a job): it carries what that needs (`operationId`, `clientOrderId`, the
 * `orderid` and `amount` of a follow-up, when the last send failed, and for a follow-up the
 * `transactionsBefore` it read before sending). `cause` is the last failure seen.
 *
 * @example
 * ```ts
 * import { OutcomeUnknownError } from "@card-processing/client";
 * const refund = { client_orderid: "902B4FF5", orderid: "1234567", amount: "3.00", currency: "USD", comment: "one mug back" };
 * const { error } = await gateway.sendOnce("return", refund);
 * if (error instanceof OutcomeUnknownError) {
 *   console.warn(`${error.clientOrderId}: still unknown after ${error.sends} sends, ${error.recoveries} recoveries`);
 *   const later = await gateway.recover(error); // the next run of the job asks again
 * }
 * ```
 */
export class OutcomeUnknownError extends GatewayError {
  override name = "OutcomeUnknownError" as const;
  declare readonly code: "ERR_OUTCOME_UNKNOWN";
  /** How many times the request was sent. */
  readonly sends: number;
  /** How many times `recover` was asked about it. */
  readonly recoveries: number;
  /** When the last send failed: `recover` looks for what it did from shortly before then. */
  override readonly failedAt: Date;
  /**
   * For a capture, return or void: the `id`s of the order's transactions of its type before it was
   * sent, which `recover(error)` never takes for its effect, and the `createdFromDate` of that
   * read, from which it looks (keep them with the pending order).
   */
  readonly transactionsBefore: TransactionsBefore | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & {
      sends: number;
      recoveries: number;
      failedAt: Date;
      transactionsBefore?: TransactionsBefore | undefined;
    },
  ) {
    super("ERR_OUTCOME_UNKNOWN", message, { ...options, outcome: "unknown" });
    this.sends = options.sends;
    this.recoveries = options.recoveries;
    this.failedAt = options.failedAt;
    this.transactionsBefore = options.transactionsBefore;
  }
}
