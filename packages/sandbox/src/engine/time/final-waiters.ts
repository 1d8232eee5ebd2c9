import type { Order } from "../orders/order.js";
import type { ClockMode } from "./sandbox-clock.js";

/**
 * Whoever waits for an order's final status (the return to the shop holds its page until the
 * payment is decided), by orderid: woken when the order ends, on reset and on close.
 */
export class FinalWaiters {
  readonly #clock: { readonly mode: ClockMode };
  readonly #waiters = new Map<string, Array<() => void>>();

  constructor(clock: { readonly mode: ClockMode }) {
    this.#clock = clock;
  }

  /** Resolves when `order` has a final status (or after `timeoutMs`). */
  async waitForFinal(order: Order, timeoutMs: number): Promise<void> {
    // A manual clock moves only when advanced: waiting here would only hold the page up.
    if (order.phase === "final" || this.#clock.mode === "manual") return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      const list = this.#waiters.get(order.orderid) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.#waiters.set(order.orderid, list);
    });
  }

  /** Wakes whoever waits for order `orderid`, which has just ended. */
  wake(orderid: string): void {
    const waiting = this.#waiters.get(orderid);
    if (waiting !== undefined) {
      this.#waiters.delete(orderid);
      for (const wake of waiting) wake();
    }
  }

  /** Wakes every waiter (reset, close). */
  wakeAll(): void {
    for (const list of this.#waiters.values()) for (const wake of list) wake();
    this.#waiters.clear();
  }
}
