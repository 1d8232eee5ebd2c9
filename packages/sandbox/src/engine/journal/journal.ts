import { maskCardNumbersInText } from "@card-processing/signing";
import type { RecordKind } from "../../store/sandbox-store.js";
import type { ChangeFeed } from "../events/change-feed.js";
import type { OrderEvent } from "../events/order-event.js";
import type { Order } from "../orders/order.js";
import type { OrderHistoryEntry } from "./order-history.js";
import type { ReceivedRequest } from "./received-request.js";

/** What the journal writes through to a data directory (the engine's `StateWriter`). */
export interface JournalWriter {
  order(order: Order): void;
  record(kind: RecordKind, id: string | number, orderid: string | undefined, value: unknown): void;
  forgetRecord(kind: RecordKind, id: string | number): void;
}

/** The journal's next ids, kept with the state so that numbering goes on after a restart. */
export interface JournalCounters {
  readonly nextRequestId: number;
  readonly nextEventId: number;
  readonly nextHistoryId: number;
}

/**
 * What the sandbox keeps of what happened, oldest first: the steps of every order's timeline, the
 * API requests received and the events triggered. Each is numbered, written through to the data
 * directory when there is one, and told to the dashboard.
 */
export class Journal {
  /** Events triggered on orders (chargebacks, reversals...), oldest first. */
  events: OrderEvent[] = [];
  /** Creations, status changes, 3-D Secure results and settlements of orders, oldest first. */
  history: OrderHistoryEntry[] = [];
  /** API requests received, redacted at intake, oldest first. */
  requests: ReceivedRequest[] = [];
  readonly #writer: JournalWriter | undefined;
  readonly #changes: ChangeFeed;
  readonly #now: () => number;
  readonly #orderOf: (orderid: string) => Order | undefined;
  #nextRequestId = 1;
  #nextEventId = 1;
  #nextHistoryId = 1;

  /** `now` reads the sandbox clock; `orderOf` finds the order a request names. */
  constructor(
    writer: JournalWriter | undefined,
    changes: ChangeFeed,
    now: () => number,
    orderOf: (orderid: string) => Order | undefined,
  ) {
    this.#writer = writer;
    this.#changes = changes;
    this.#now = now;
    this.#orderOf = orderOf;
  }

  /** Adds a step to `order`'s history (sandbox-clock time) and tells the dashboard. */
  note(order: Order, what: string): void {
    const entry: OrderHistoryEntry = {
      orderid: order.orderid,
      at: new Date(this.#now()).toISOString(),
      what,
      status: order.status,
    };
    this.history.push(entry);
    if (this.#writer !== undefined) {
      this.#writer.order(order);
      this.#writer.record("history", this.#nextHistoryId, order.orderid, entry);
    }
    this.#nextHistoryId += 1;
    this.#changes.notify({ kind: "order", orderid: order.orderid });
  }

  /**
   * Keeps a received API request (its fields already redacted) and tells the dashboard. Its
   * outcome, an error message that may quote what was sent, has its card numbers masked here.
   */
  receive(request: Omit<ReceivedRequest, "id" | "at">): void {
    // Every field named, no spread of `request`: one object of one shape for every request kept.
    const received: ReceivedRequest = {
      id: this.#nextRequestId++,
      at: new Date(this.#now()).toISOString(),
      operation: request.operation,
      endpoint_id: request.endpoint_id,
      orderid: request.orderid,
      client_orderid: request.client_orderid,
      fields: request.fields,
      http_status: request.http_status,
      outcome: maskCardNumbersInText(request.outcome),
    };
    this.requests.push(received);
    if (this.#writer !== undefined) {
      // The request may have changed its order (a serial number remembered, a payment under way).
      const order = request.orderid === undefined ? undefined : this.#orderOf(request.orderid);
      if (order !== undefined) this.#writer.order(order);
      this.#writer.record("request", received.id, request.orderid, received);
    }
    this.#changes.notify({ kind: "request", ...(request.orderid === undefined ? {} : { orderid: request.orderid }) });
  }

  /** Keeps an event triggered on `order` (which it changed), and tells the dashboard. */
  recordEvent(order: Order, event: Omit<OrderEvent, "id">): OrderEvent {
    const recorded: OrderEvent = { id: this.#nextEventId++, ...event };
    this.events.push(recorded);
    if (this.#writer !== undefined) {
      this.#writer.order(order);
      this.#writer.record("event", recorded.id, order.orderid, recorded);
    }
    this.#changes.notify({ kind: "event", orderid: order.orderid });
    return recorded;
  }

  /** Forgets the timeline, requests and events of the orders `forget` names (the writer forgets their records). */
  forget(forget: ReadonlySet<string>): void {
    this.history = this.history.filter((h) => !forget.has(h.orderid));
    // Requests refused before an order existed have no orderid: keep the newest 1,000 of those.
    let orderless = this.requests.filter((r) => r.orderid === undefined).length - 1_000;
    this.requests = this.requests.filter((r) => {
      if (r.orderid !== undefined) return !forget.has(r.orderid);
      if (orderless-- <= 0) return true;
      this.#writer?.forgetRecord("request", r.id);
      return false;
    });
    this.events = this.events.filter((e) => !forget.has(e.orderid));
  }

  /** The next ids, for the state a data directory keeps. */
  counters(): JournalCounters {
    return {
      nextRequestId: this.#nextRequestId,
      nextEventId: this.#nextEventId,
      nextHistoryId: this.#nextHistoryId,
    };
  }

  /** Takes up what a data directory kept: the entries, and the next ids when its meta record was read. */
  restore(
    kept: { history: OrderHistoryEntry[]; requests: ReceivedRequest[]; events: OrderEvent[] },
    counters: JournalCounters | undefined,
  ): void {
    if (counters !== undefined) {
      this.#nextRequestId = counters.nextRequestId;
      this.#nextEventId = counters.nextEventId;
      this.#nextHistoryId = counters.nextHistoryId;
    }
    this.history = kept.history;
    this.requests = kept.requests;
    this.events = kept.events;
  }

  /** Forgets every entry; ids start again. */
  clear(): void {
    this.events = [];
    this.history = [];
    this.requests = [];
    this.#nextRequestId = 1;
    this.#nextEventId = 1;
    this.#nextHistoryId = 1;
  }
}
