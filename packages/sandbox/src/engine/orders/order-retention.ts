import type { Order } from "./order.js";

/** How many orders, and how old, the sandbox keeps in memory (`maxOrders`, `maxAgeMs`). */
export interface OrderRetention {
  readonly maxOrders: number | undefined;
  readonly maxAgeMs: number | undefined;
}

/**
 * How far past `maxOrders` the book may grow before a trim: trimming reads every order, so doing
 * it once per 1% (at least 100 orders) keeps its cost per new order small.
 */
export function trimSlack(maxOrders: number): number {
  return Math.max(100, Math.floor(maxOrders / 100));
}

/**
 * The orderids to forget, oldest first: final orders beyond `maxOrders` or created more than
 * `maxAgeMs` before `now` (sandbox time). An order `busy` says is still in use (not final, an
 * operation pending, a callback still to retry) stays, however old.
 */
export function ordersToForget(
  oldestFirst: readonly Order[],
  now: number,
  retention: OrderRetention,
  busy: (order: Order) => boolean,
): Set<string> {
  const forget = new Set<string>();
  let excess = retention.maxOrders === undefined ? 0 : oldestFirst.length - retention.maxOrders;
  const bornBefore = retention.maxAgeMs === undefined ? Number.NEGATIVE_INFINITY : now - retention.maxAgeMs;
  for (const order of oldestFirst) {
    const tooOld = order.createdAt < bornBefore;
    if (excess <= 0 && !tooOld) break;
    if (busy(order)) continue;
    forget.add(order.orderid);
    excess--;
  }
  return forget;
}

/**
 * Reads `--max-age`: a whole number with a unit, `s`, `m`, `h` or `d` (`90m`, `7d`), into
 * milliseconds; throws a message naming the flag otherwise.
 */
export function maxAgeMsOf(text: string): number {
  const match = /^([0-9]{1,9})(s|m|h|d)$/.exec(text);
  if (match === null)
    throw new Error(`--max-age: expected a whole number with s, m, h or d (such as 7d), got ${JSON.stringify(text)}`);
  const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s" | "m" | "h" | "d"];
  return Number(match[1]) * unitMs;
}
