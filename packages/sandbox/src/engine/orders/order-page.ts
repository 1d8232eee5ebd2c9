import type { Order } from "./order.js";
import { DEFAULT_ORDER_PAGE, type OrderPageQuery } from "./order-page-query.js";

/** One page of orders, newest first, and the cursor of the page after it (`undefined` on the last). */
export interface OrderPage {
  readonly orders: readonly Order[];
  readonly nextCursor: string | undefined;
}

/**
 * The most orders one filtered page reads. A filter that few orders match would otherwise read the
 * whole book; past this many, the page ends short with a cursor where the reading stopped.
 */
export const ORDERS_READ_PER_PAGE = 50_000;

/**
 * The orders created before `cursor`, newest first. `ordered` holds every order oldest first, so
 * its orderids (numbers handed out in turn) ascend: a binary search finds where a cursor points,
 * and a page reads its own length (at most `ORDERS_READ_PER_PAGE` with a filter), never the whole
 * book. A `q` that is exactly an orderid or client_orderid comes from `exactly` at once; any
 * other `q` matches part of either id, ignoring case.
 */
export function pageOfOrders(
  ordered: readonly Order[],
  exactly: (q: string) => readonly Order[],
  query: OrderPageQuery,
): OrderPage {
  const limit = query.limit ?? DEFAULT_ORDER_PAGE;
  const before = query.cursor === undefined ? Number.POSITIVE_INFINITY : Number(query.cursor);
  const status = (o: Order) => query.status === undefined || o.status === query.status;
  const exact = query.q === undefined ? [] : exactly(query.q);
  if (exact.length > 0) {
    const found = exact
      .filter((o) => Number(o.orderid) < before && status(o))
      .sort((a, b) => Number(b.orderid) - Number(a.orderid));
    const orders = found.slice(0, limit);
    return { orders, nextCursor: found.length > limit ? orders.at(-1)?.orderid : undefined };
  }
  const part = query.q?.toLowerCase();
  const matches =
    part === undefined
      ? status
      : (o: Order) => status(o) && (o.orderid.includes(part) || o.clientOrderId.toLowerCase().includes(part));
  const filtered = query.status !== undefined || part !== undefined;
  const budget = filtered ? ORDERS_READ_PER_PAGE : Number.POSITIVE_INFINITY;

  const orders: Order[] = [];
  let index = firstBelow(ordered, before);
  let read = 0;
  for (; index >= 0 && orders.length < limit && read < budget; index--, read++) {
    const order = ordered[index];
    if (order !== undefined && matches(order)) orders.push(order);
  }
  if (index < 0) return { orders, nextCursor: undefined };
  // Read enough without filling the page: go on below the last order read.
  if (orders.length < limit) return { orders, nextCursor: ordered[index + 1]?.orderid };
  // Only say there is a next page when one more match exists, so the last page has no cursor.
  for (; index >= 0 && read < budget; index--, read++) {
    const order = ordered[index];
    if (order !== undefined && matches(order)) return { orders, nextCursor: orders.at(-1)?.orderid };
  }
  return { orders, nextCursor: index < 0 ? undefined : orders.at(-1)?.orderid };
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
