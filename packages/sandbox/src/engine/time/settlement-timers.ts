import type { Order } from "../orders/order.js";
import { settleRule } from "../orders/transition-rules.js";
import type { SandboxClock } from "./sandbox-clock.js";

/**
 * The settlement timer of each order waiting to settle, by orderid: cancelled when the order is
 * forgotten, so that a long settlement delay does not keep a timer per forgotten order alive.
 */
export class SettlementTimers {
  readonly #clock: Pick<SandboxClock, "schedule" | "cancel">;
  readonly #settleDelayMs: number;
  readonly #byOrderId: (orderid: string) => Order | undefined;
  readonly #settle: (order: Order) => void;
  readonly #settleTimers = new Map<string, number>();

  /** `byOrderId` finds an order when its timer is due; `settle` settles it. */
  constructor(
    clock: Pick<SandboxClock, "schedule" | "cancel">,
    settleDelayMs: number,
    byOrderId: (orderid: string) => Order | undefined,
    settle: (order: Order) => void,
  ) {
    this.#clock = clock;
    this.#settleDelayMs = settleDelayMs;
    this.#byOrderId = byOrderId;
    this.#settle = settle;
  }

  /** Settles an approved order with money captured and not returned, after the settlement delay. */
  settleWhenDue(order: Order): void {
    if (
      order.status !== "approved" ||
      order.capturedMinor <= order.refundedMinor ||
      order.settled ||
      order.cancelled !== false
    )
      return;
    // One timer per order: a later operation that ends before it fires is settled by it too.
    const orderid = order.orderid;
    if (this.#settleTimers.has(orderid) || !Number.isFinite(this.#settleDelayMs)) return;
    const timer = this.#clock.schedule(
      this.#settleDelayMs,
      () => {
        this.#settleTimers.delete(orderid);
        // Looked up when due, not held: the timer of an order forgotten meanwhile is cancelled with it.
        const due = this.#byOrderId(orderid);
        if (due !== undefined && settleRule(due) === undefined) this.#settle(due);
      },
      `settlement of order ${orderid}`,
    );
    this.#settleTimers.set(orderid, timer);
  }

  /** Cancels the timers of the orders `forget` names (forgotten by `--max-orders` or `--max-age`). */
  forget(forget: ReadonlySet<string>): void {
    for (const orderid of forget) {
      const timer = this.#settleTimers.get(orderid);
      if (timer === undefined) continue;
      this.#clock.cancel(timer);
      this.#settleTimers.delete(orderid);
    }
  }

  /** Forgets every timer (the clock's own timers are cleared by its owner). */
  clear(): void {
    this.#settleTimers.clear();
  }
}
