import type { Order } from "../engine/order.js";
import { DEFAULT_ORDER_PAGE, type OrderPageQuery } from "./order-page-query.js";

/** One page of orders, newest first, and the cursor of the page after it (`undefined` on the last). */
export interface OrderPage {
  readonly orders: readonly Order[];
  readonly nextCursor: string | undefined;
}

/**
 * The orders created before `cursor`, newest first. `ordered` holds every order oldest first, so
 * its orderids (numbers handed out in turn) ascend: a binary search finds where a cursor points,
 * and a page costs its own length, not the number of orders. A `status` filter reads back from
 * there until the page is full; a `q` looks its candidates up by id.
 */
export function pageOfOrders(
  ordered: readonly Order[],
  candidatesFor: (q: string) => readonly Order[],
  query: OrderPageQuery,
): OrderPage {
  const limit = query.limit ?? DEFAULT_ORDER_PAGE;
  const before = query.cursor === undefined ? Number.POSITIVE_INFINITY : Number(query.cursor);
  const matches = (o: Order) => query.status === undefined || o.status === query.status;
  if (query.q !== undefined) {
    const found = candidatesFor(query.q)
      .filter((o) => Number(o.orderid) < before && matches(o))
      .sort((a, b) => Number(b.orderid) - Number(a.orderid));
    const orders = found.slice(0, limit);
    return { orders, nextCursor: found.length > limit ? orders.at(-1)?.orderid : undefined };
  }
  const orders: Order[] = [];
  let index = firstBelow(ordered, before);
  while (index >= 0 && orders.length < limit) {
    const order = ordered[index--];
    if (order !== undefined && matches(order)) orders.push(order);
  }
  // Only say there is a next page when one more match exists, so the last page has no cursor.
  let more = false;
  while (index >= 0 && !more) {
    const order = ordered[index--];
    more = order !== undefined && matches(order);
  }
  return { orders, nextCursor: more ? orders.at(-1)?.orderid : undefined };
}

/** The index of the newest order with an orderid below `before`, or -1. */
function firstBelow(ordered: readonly Order[], before: number): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (Number(ordered[middle]?.orderid) < before) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
