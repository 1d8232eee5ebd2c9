import type { Order } from "../orders/order.js";
import type { Decision } from "../orders/order-request.js";

/** What the lifetime of a page needs of the engine (the `GatewayEngine` passes itself). */
export interface PageEngine {
  readonly options: { readonly pageLifetimeMs: number };
  readonly clock: {
    now(): number;
    schedule(delayMs: number, run: () => void, what?: string): number;
  };
  readonly journal: { note(order: Order, what: string): void };
  finishNow(order: Order, decision: Decision): void;
}

/**
 * How an order ends when its customer leaves the payment page: the lifetime of the page ran out
 * (`expired`), or the customer pressed its cancel button (`cancelled`). The documented gateway's
 * form pages say neither what the lifetime is nor how such an order ends; the sandbox's choice is a
 * `declined` order with the reason in `error_message`, its callback sent and the customer returned
 * with that status, as the final redirect page describes for a declined payment.
 */
export const pageEndings = {
  expired: {
    status: "declined",
    errorMessage: "Payment page expired: the customer did not complete it in time",
    errorCode: 100,
  },
  cancelled: { status: "declined", errorMessage: "Payment cancelled by the customer", errorCode: 100 },
} as const satisfies Record<string, Decision>;

/** Why a customer's page ended without a payment. */
export type PageEnding = keyof typeof pageEndings;

/** Whether `order` still waits for its customer on the hosted payment page or the ACS page. */
export function waitsForCustomer(order: Order): boolean {
  return order.phase === "awaiting-form" || order.phase === "authenticating";
}

/** The sandbox-clock time at which `order`'s payment link stops taking a payment. */
export function pageExpiresAt(engine: PageEngine, order: Order): number {
  return order.createdAt + engine.options.pageLifetimeMs;
}

/** Ends `order`, still waiting for its customer, without a payment: declined, with its callback. */
export function endPageVisit(engine: PageEngine, order: Order, ending: PageEnding): void {
  if (!waitsForCustomer(order)) return;
  order.pending = undefined;
  engine.journal.note(order, ending === "expired" ? "payment page expired" : "payment page cancelled by the customer");
  engine.finishNow(order, pageEndings[ending]);
}

/** Ends `order` now when its payment link has outlived its lifetime; says whether it did. */
export function expireIfDue(engine: PageEngine, order: Order): boolean {
  if (!waitsForCustomer(order) || engine.clock.now() < pageExpiresAt(engine, order)) return false;
  endPageVisit(engine, order, "expired");
  return true;
}

/**
 * Schedules the end of `order`'s payment link on the sandbox's clock, so that an abandoned page
 * ends its order (and sends its callback) even when nobody opens it again.
 */
export function expirePageWhenDue(engine: PageEngine, order: Order): void {
  if (!Number.isFinite(engine.options.pageLifetimeMs)) return;
  const wait = Math.max(0, pageExpiresAt(engine, order) - engine.clock.now());
  engine.clock.schedule(wait, () => expireIfDue(engine, order), `payment page expiry of order ${order.orderid}`);
}

/** How `order` ended on its page, when it ended there without a payment. */
export function pageEndingOf(order: Order): PageEnding | undefined {
  if (order.phase !== "final") return undefined;
  for (const [ending, decision] of Object.entries(pageEndings)) {
    if (order.errorMessage === decision.errorMessage) return ending as PageEnding;
  }
  return undefined;
}
