import type { IdSource } from "../values/id-source.js";
import type { Order, StoredCard } from "./order.js";
import { type OrderPage, pageOfOrders } from "./order-page.js";
import type { OrderPageQuery } from "./order-page-query.js";

/** A stored card reference (v2 or v4 create-card-ref). */
export interface CardRef {
  readonly cardRefId: string;
  readonly orderid: string;
  readonly endpointId: string;
  readonly card: StoredCard;
}

/** A v4 recurring payment subscription. */
export interface RecurringPayment {
  readonly id: string;
  readonly clientOrderId: string;
  readonly endpointId: string;
  readonly card: StoredCard;
  readonly amount: string;
  readonly currency: string;
  readonly period: string;
  readonly interval: number;
  readonly active: boolean;
}

/**
 * All state of one sandbox: orders by id and by client order id, card references, subscriptions.
 * A client order id may name several orders on one endpoint (a resend under the sandbox's default
 * `duplicateClientOrderId: "new-order"`), so it maps to a list, oldest first.
 */
export class OrderBook {
  readonly #byId = new Map<string, Order>();
  readonly #byClientId = new Map<string, Order[]>();
  readonly #byToken = new Map<string, Order>();
  // Oldest first, for pages newest first; and every order of a client order id on any endpoint, for search.
  #ordered: Order[] = [];
  readonly #byClientIdAnyEndpoint = new Map<string, Order[]>();
  readonly cardRefs = new Map<string, CardRef>();
  readonly recurringPayments = new Map<string, RecurringPayment>();
  #nextOrderId = 1_000_001;
  #nextRecurringId = 500_001;
  readonly #ids: IdSource;

  constructor(ids: IdSource) {
    this.#ids = ids;
  }

  /** A fresh order id, numeric as the gateway's are. */
  nextOrderId(): string {
    return String(this.#nextOrderId++);
  }

  /** The next order and recurring payment ids, for a data directory. */
  counters(): { readonly nextOrderId: number; readonly nextRecurringId: number } {
    return { nextOrderId: this.#nextOrderId, nextRecurringId: this.#nextRecurringId };
  }

  /** Goes on from the ids a data directory kept. */
  resumeCounters(counters: { readonly nextOrderId: number; readonly nextRecurringId: number }): void {
    this.#nextOrderId = Math.max(this.#nextOrderId, counters.nextOrderId);
    this.#nextRecurringId = Math.max(this.#nextRecurringId, counters.nextRecurringId);
  }

  /** A fresh recurring payment id. */
  nextRecurringId(): string {
    return String(this.#nextRecurringId++);
  }

  /** A fresh, unguessable card reference id. */
  nextCardRefId(): string {
    return `CR${this.#ids.hex(8).toUpperCase()}`;
  }

  add(order: Order): void {
    this.#byId.set(order.orderid, order);
    const key = `${order.endpointId}\n${order.clientOrderId}`;
    const onEndpoint = this.#byClientId.get(key);
    if (onEndpoint === undefined) this.#byClientId.set(key, [order]);
    else onEndpoint.push(order);
    this.#byToken.set(order.pageToken, order);
    this.#ordered.push(order);
    const sameClientId = this.#byClientIdAnyEndpoint.get(order.clientOrderId);
    if (sameClientId === undefined) this.#byClientIdAnyEndpoint.set(order.clientOrderId, [order]);
    else sameClientId.push(order);
  }

  byOrderId(orderid: string): Order | undefined {
    return this.#byId.get(orderid);
  }

  /** The orders of `clientOrderId` on `endpointId`, oldest first (none, one, or several after resends). */
  ordersOfClientOrderId(endpointId: string, clientOrderId: string): readonly Order[] {
    return this.#byClientId.get(`${endpointId}\n${clientOrderId}`) ?? [];
  }

  byPageToken(token: string): Order | undefined {
    return this.#byToken.get(token);
  }

  /** One page of orders, newest first (see `OrderPageQuery`); its cost does not grow with the number of orders. */
  page(query: OrderPageQuery): OrderPage {
    return pageOfOrders(this.#ordered, (q) => this.#withId(q), query);
  }

  /** Every order, oldest first (for a trim that forgets the oldest). */
  oldestFirst(): readonly Order[] {
    return this.#ordered;
  }

  /** Forgets the orders `orderids` names, in one pass over the book. */
  forget(orderids: ReadonlySet<string>): void {
    if (orderids.size === 0) return;
    const kept = this.#ordered.filter((o) => !orderids.has(o.orderid));
    for (const order of this.#ordered) {
      if (!orderids.has(order.orderid)) continue;
      this.#byId.delete(order.orderid);
      this.#byToken.delete(order.pageToken);
      withoutOrder(this.#byClientId, `${order.endpointId}\n${order.clientOrderId}`, order);
      withoutOrder(this.#byClientIdAnyEndpoint, order.clientOrderId, order);
    }
    this.#ordered = kept;
  }

  /** How many orders the book holds. */
  get size(): number {
    return this.#ordered.length;
  }

  #withId(q: string): Order[] {
    const byOrderId = this.#byId.get(q);
    const byClientId = this.#byClientIdAnyEndpoint.get(q) ?? [];
    return byOrderId === undefined || byClientId.includes(byOrderId) ? byClientId : [byOrderId, ...byClientId];
  }

  all(): Order[] {
    return [...this.#byId.values()];
  }
}

/** Takes `order` out of the list `key` names, and the key out of `map` once its list is empty. */
function withoutOrder(map: Map<string, Order[]>, key: string, order: Order): void {
  const kept = map.get(key)?.filter((o) => o !== order) ?? [];
  if (kept.length === 0) map.delete(key);
  else map.set(key, kept);
}
