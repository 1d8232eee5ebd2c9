import { maskCardNumbersInText } from "@card-processing/signing";
import type { TransactionStatus } from "@card-processing/types";
import { type CallbackDelivery, CallbackDispatcher } from "../delivery/callback-dispatcher.js";
import type { SandboxStore } from "../store/sandbox-store.js";
import { callbackParams } from "./callback-params.js";
import type { Decision } from "./card-decision.js";
import { ChangeFeed } from "./change-feed.js";
import { IdSource } from "./id-source.js";
import type { NewOrder, Order, PendingOutcomeName, ThreeDSecureState } from "./order.js";
import { type CardRef, OrderBook } from "./order-book.js";
import type { OrderEvent } from "./order-event.js";
import type { OrderHistoryEntry } from "./order-history.js";
import { decideRequest, openRequest, requestFor } from "./order-request.js";
import { ordersToForget, trimSlack } from "./order-retention.js";
import { expirePageWhenDue, waitsForCustomer } from "./page-lifetime.js";
import { pendingOutcomes } from "./pending-outcomes.js";
import type { ReceivedRequest } from "./received-request.js";
import { RecurringCharges } from "./recurring-charges.js";
import { newFingerprintSalt } from "./request-fingerprint.js";
import type { ResolvedOptions } from "./resolved-options.js";
import { SandboxClock } from "./sandbox-clock.js";
import { type EngineMeta, StateWriter } from "./state-writer.js";
import { fingerprintToJson } from "./stored-order.js";
import type { StoredState } from "./stored-state.js";
import { type Refusal, settleRule } from "./transition-rules.js";

// The documented window of the 3-D Secure method step; after it the indicator is `N`.
const METHOD_STEP_WINDOW_MS = 10_000;

/**
 * The sandbox's gateway: creates orders, moves them through their statuses after the configured
 * latency (in sandbox-clock time), settles them, and sends callbacks on every final status.
 */
export class GatewayEngine {
  readonly ids: IdSource;
  book: OrderBook;
  readonly clock: SandboxClock;
  readonly callbacks: CallbackDispatcher;
  readonly recurring: RecurringCharges;
  /** Events triggered on orders (chargebacks, reversals...), oldest first. */
  events: OrderEvent[] = [];
  /** Creations, status changes, 3-D Secure results and settlements of orders, oldest first. */
  history: OrderHistoryEntry[] = [];
  /** API requests received, redacted at intake, oldest first. */
  requests: ReceivedRequest[] = [];
  /** Tells the dashboard's event streams that something changed. */
  readonly changes = new ChangeFeed();
  readonly options: ResolvedOptions;
  /** Base address with the `/paynet` prefix, set once the server listens. */
  baseUrl = "";
  /** The admin token the sandbox generated, kept with the state like the control key (see `keepAdminToken`). */
  #adminToken: string | undefined;
  /** The salt of request fingerprints (kept with the state, so replays are still recognised after a restart). */
  fingerprintSalt = newFingerprintSalt();
  readonly #waiters = new Map<string, Array<() => void>>();
  /**
   * The settlement timer of each order waiting to settle, by orderid: cancelled when the order is
   * forgotten, so that a long settlement delay does not keep a timer per forgotten order alive.
   */
  readonly #settleTimers = new Map<string, number>();
  /** Writes every change through to the data directory's store; `undefined` when state lives in memory only. */
  readonly #writer: StateWriter | undefined;
  #sinceTrim = 0;
  #nextRequestId = 1;
  #nextEventId = 1;
  #nextHistoryId = 1;

  constructor(options: ResolvedOptions, store?: SandboxStore) {
    this.options = options;
    this.#writer =
      store === undefined
        ? undefined
        : new StateWriter(
            store,
            () => this.#meta(),
            (error) => {
              const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
              options.log(`writing to ${store.location} failed (${reason}); the next change retries it`);
            },
          );
    this.ids = new IdSource(options.seed);
    this.book = new OrderBook(this.ids);
    this.clock = new SandboxClock(options.clock, options.timeScale, (what, error) => {
      // Only the error's name and message: an invalid URL's `input` would carry the callback's control.
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : "a non-error value was thrown";
      options.log(`background ${what} failed (${reason}); the sandbox carries on`);
    });
    this.callbacks = new CallbackDispatcher(
      options.callbackSchedule,
      options.callbackTimeoutMs,
      this.clock,
      options.log,
      options.callbackChaosWindowMs,
      (delivery) => this.#callbackChanged(delivery),
    );
    this.recurring = new RecurringCharges(this, (id, subscription) =>
      this.#writer?.record("subscription", id, undefined, subscription),
    );
  }

  #callbackChanged(delivery: CallbackDelivery): void {
    this.#writer?.record("callback", delivery.id, delivery.orderid, delivery);
    this.changes.notify({ kind: "callback", orderid: delivery.orderid });
  }

  /**
   * Keeps a generated admin token with the state, written at once: whoever holds it may come back
   * after a restart that changed nothing else.
   */
  keepAdminToken(token: string | undefined): void {
    this.#adminToken = token;
    this.#writer?.meta();
  }

  #meta(): EngineMeta {
    return {
      now: this.clock.now(),
      fingerprintSalt: this.fingerprintSalt,
      controlKey: this.options.controlKey,
      adminToken: this.#adminToken,
      ...this.book.counters(),
      nextRequestId: this.#nextRequestId,
      nextEventId: this.#nextEventId,
      nextHistoryId: this.#nextHistoryId,
      nextCallbackId: this.callbacks.nextId,
      idsDrawn: this.ids.drawn,
    };
  }

  /**
   * Resolves once every change so far is on disk (at once without a data directory): a reply
   * waits for it, so what it says survives a crash.
   */
  durable(): Promise<void> {
    return this.#writer?.durable() ?? Promise.resolve();
  }

  /** `order` changed in a way no step of its timeline records (a card entered, a 3-D Secure stage). */
  changed(order: Order): void {
    this.#writer?.order(order);
  }

  #later(what: string, ms: number, run: () => void): void {
    this.clock.schedule(ms, run, what);
  }

  #moveTo(order: Order, status: TransactionStatus, note: string): void {
    const from = order.status;
    order.status = status;
    this.options.log(`order ${order.orderid} ${note}: ${from} -> ${status}`);
    this.note(order, `${note}: ${from} -> ${status}`);
  }

  /** Adds a step to `order`'s history (sandbox-clock time) and tells the dashboard. */
  note(order: Order, what: string): void {
    const entry: OrderHistoryEntry = {
      orderid: order.orderid,
      at: new Date(this.clock.now()).toISOString(),
      what,
      status: order.status,
    };
    this.history.push(entry);
    if (this.#writer !== undefined) {
      this.#writer.order(order);
      this.#writer.record("history", this.#nextHistoryId, order.orderid, entry);
    }
    this.#nextHistoryId += 1;
    this.changes.notify({ kind: "order", orderid: order.orderid });
  }

  /**
   * Keeps a received API request (its fields already redacted) and tells the dashboard. Its
   * outcome, an error message that may quote what was sent, has its card numbers masked here.
   */
  receive(request: Omit<ReceivedRequest, "id" | "at">): void {
    const received: ReceivedRequest = {
      id: this.#nextRequestId++,
      at: new Date(this.clock.now()).toISOString(),
      ...request,
      outcome: maskCardNumbersInText(request.outcome),
    };
    this.requests.push(received);
    if (this.#writer !== undefined) {
      // The request may have changed its order (a serial number remembered, a payment under way).
      const order = request.orderid === undefined ? undefined : this.book.byOrderId(request.orderid);
      if (order !== undefined) this.#writer.order(order);
      this.#writer.record("request", received.id, request.orderid, received);
    }
    this.changes.notify({ kind: "request", ...(request.orderid === undefined ? {} : { orderid: request.orderid }) });
  }

  /** Keeps an event triggered on `order` (which it changed), and tells the dashboard. */
  recordEvent(order: Order, event: Omit<OrderEvent, "id">): OrderEvent {
    const recorded: OrderEvent = { id: this.#nextEventId++, ...event };
    this.events.push(recorded);
    if (this.#writer !== undefined) {
      this.#writer.order(order);
      this.#writer.record("event", recorded.id, order.orderid, recorded);
    }
    this.changes.notify({ kind: "event", orderid: order.orderid });
    return recorded;
  }

  /** Keeps a card reference made from `order`. */
  addCardRef(order: Order, ref: CardRef): void {
    order.cardRefId = ref.cardRefId;
    this.book.cardRefs.set(ref.cardRefId, ref);
    if (this.#writer !== undefined) {
      this.#writer.order(order);
      // Not filed under the order: a card reference outlives an order that --max-orders forgets.
      this.#writer.record("card-ref", ref.cardRefId, undefined, ref);
    }
  }

  /** Registers a new order in `processing`, waiting for its hosted page, card or authentication. */
  create(init: NewOrder, phase: Order["phase"]): Order {
    // Every field named, no spread of `init`: spreading a caller's object and then adding two
    // dozen fields left V8 adding each one slowly, and it was the costliest line of a sale.
    const order: Order = {
      clientOrderId: init.clientOrderId,
      endpointId: init.endpointId,
      kind: init.kind,
      operationId: init.operationId,
      amount: init.amount,
      currency: init.currency,
      amountMinor: init.amountMinor,
      fingerprint: init.fingerprint,
      orderid: this.book.nextOrderId(),
      status: "processing",
      phase,
      capturedMinor: 0n,
      refundedMinor: 0n,
      chargedBackMinor: 0n,
      settled: false,
      cancelled: false,
      pending: undefined,
      lastType: init.kind,
      lastAmountMinor: init.amountMinor,
      card: init.card,
      destination: init.destination,
      accountBehaviour: init.accountBehaviour,
      threeDSecure: undefined,
      email: init.email,
      callbackUrl: init.callbackUrl,
      notifyUrl: init.notifyUrl,
      redirectUrl: init.redirectUrl,
      pageToken: this.ids.hex(12),
      cardRefId: undefined,
      errorMessage: undefined,
      errorCode: undefined,
      latestRequest: openRequest(init.kind, init.amountMinor, this.clock.now()),
      requestsBySerial: new Map(),
      createdAt: this.clock.now(),
    };
    this.book.add(order);
    // Written once: the fingerprint never changes, the order's own record is written on every change.
    this.#writer?.record("fingerprint", order.orderid, order.orderid, fingerprintToJson(order.fingerprint));
    this.#trimIfDue();
    this.options.log(`order ${order.orderid} ${order.kind} created (${phase}) client_orderid=${order.clientOrderId}`);
    this.note(order, `${order.operationId} created (${phase})`);
    if (phase === "awaiting-form") expirePageWhenDue(this, order);
    return order;
  }

  /**
   * Starts an operation on `order`: status `processing` now, `decide()` after the latency, then
   * `apply` (when approved), the callback, and settlement scheduling.
   */
  process(order: Order, type: string, amountMinor: bigint, outcome: PendingOutcomeName): void {
    order.pending = { type, amountMinor, outcome };
    order.phase = "processing";
    order.lastType = type;
    order.lastAmountMinor = amountMinor;
    requestFor(order, type, amountMinor, this.clock.now());
    if (order.status !== "processing") this.#moveTo(order, "processing", type);
    this.awaitDecision(order);
  }

  /** Decides `order`'s pending operation once the latency has passed (also for one read back from a data directory). */
  awaitDecision(order: Order): void {
    const pending = order.pending;
    if (pending === undefined) return;
    const request = order.latestRequest;
    this.#later(`${pending.type} of order ${order.orderid}`, this.options.latencyMs, () => {
      if (order.pending !== pending) return;
      const rule = pendingOutcomes[pending.outcome];
      const decision = rule.decide(order);
      decideRequest(request, decision);
      order.pending = undefined;
      order.phase = "final";
      order.errorMessage = decision.errorMessage;
      order.errorCode = decision.errorCode;
      if (decision.status === "approved") rule.apply?.(order, pending);
      this.#moveTo(order, decision.status, pending.type);
      this.#finished(order);
    });
  }

  /** Ends an operation at once (synchronous operations such as pan-eligibility). */
  finishNow(order: Order, decision: Decision): void {
    decideRequest(order.latestRequest, decision);
    order.phase = "final";
    order.errorMessage = decision.errorMessage;
    order.errorCode = decision.errorCode;
    this.#moveTo(order, decision.status, order.lastType);
    this.#finished(order);
  }

  /** Starts the 3-D Secure step of a card order. */
  authenticate(order: Order, version: ThreeDSecureState["version"]): void {
    // An order from the hosted page keeps the expiry its page link was given.
    if (order.phase !== "awaiting-form") expirePageWhenDue(this, order);
    order.phase = "authenticating";
    const tds: ThreeDSecureState = { version, stage: version === "2.x-challenge" ? "method" : "challenge" };
    order.threeDSecure = tds;
    this.options.log(`order ${order.orderid} ${order.kind} waits for 3-D Secure ${version} authentication`);
    this.changed(order);
    if (tds.stage === "method") this.#methodWindow(order, tds);
  }

  #methodWindow(order: Order, tds: ThreeDSecureState): void {
    this.#later(`3-D Secure method window of order ${order.orderid}`, METHOD_STEP_WINDOW_MS, () => {
      if (tds.stage !== "method" || order.threeDSecure !== tds) return;
      tds.methodCompletion = "N";
      tds.stage = "challenge";
      this.changed(order);
      this.options.log(
        `order ${order.orderid} 3-D Secure method step not completed within 10 s (threeDSCompInd=N); challenge next`,
      );
    });
  }

  /** Records the authentication result and continues the order with the card's outcome. */
  completeAuthentication(order: Order, result: NonNullable<ThreeDSecureState["result"]>, via: string): void {
    const tds = order.threeDSecure;
    if (tds === undefined) return;
    tds.stage = "done";
    tds.result = result;
    this.options.log(`order ${order.orderid} 3-D Secure ${result} (${via})`);
    this.note(order, `3-D Secure ${result} (${via})`);
    this.process(order, order.kind, order.amountMinor, "card");
  }

  #finished(order: Order): void {
    this.#settleWhenDue(order);
    this.sendCallback(order);
    const waiting = this.#waiters.get(order.orderid);
    if (waiting !== undefined) {
      this.#waiters.delete(order.orderid);
      for (const wake of waiting) wake();
    }
  }

  /** Settles an approved order with money captured and not returned, after the settlement delay. */
  #settleWhenDue(order: Order): void {
    if (
      order.status !== "approved" ||
      order.capturedMinor <= order.refundedMinor ||
      order.settled ||
      order.cancelled !== false
    )
      return;
    // One timer per order: a later operation that ends before it fires is settled by it too.
    const orderid = order.orderid;
    if (this.#settleTimers.has(orderid) || !Number.isFinite(this.options.settleDelayMs)) return;
    const timer = this.clock.schedule(
      this.options.settleDelayMs,
      () => {
        this.#settleTimers.delete(orderid);
        // Looked up when due, not held: the timer of an order forgotten meanwhile is cancelled with it.
        const due = this.book.byOrderId(orderid);
        if (due !== undefined && settleRule(due) === undefined) this.settle(due);
      },
      `settlement of order ${orderid}`,
    );
    this.#settleTimers.set(orderid, timer);
  }

  /** Sends the callback of `order`'s latest transaction to its `server_callback_url` and its `notify_url`. */
  sendCallback(order: Order): void {
    const { callbackUrl, notifyUrl } = order;
    if (callbackUrl === undefined && notifyUrl === undefined) return;
    this.clock.track(
      callbackParams(order, this.options.controlKey).then((params) => {
        if (callbackUrl !== undefined)
          this.callbacks.send({ url: callbackUrl, target: "server_callback_url", orderid: order.orderid, params });
        if (notifyUrl !== undefined)
          this.callbacks.send({ url: notifyUrl, target: "notify_url", orderid: order.orderid, params });
      }),
      `callback of order ${order.orderid}`,
    );
  }

  /** Settles an approved order at once (the admin call), or says why not. */
  settle(order: Order): Refusal | undefined {
    const refusal = settleRule(order);
    if (refusal !== undefined) return refusal;
    order.settled = true;
    this.options.log(`order ${order.orderid} settled`);
    this.note(order, "settled");
    return undefined;
  }

  /** Resolves when `order` has a final status (or after `timeoutMs`). */
  async waitForFinal(order: Order, timeoutMs: number): Promise<void> {
    // A manual clock moves only when advanced: waiting here would only hold the page up.
    if (order.phase === "final" || this.clock.mode === "manual") return;
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

  /**
   * Forgets the oldest final orders past `maxOrders` or `maxAgeMs`, with their timeline, requests,
   * events and callbacks. It reads every order, so it runs once the book is 1% past `maxOrders`, or
   * every 1,000 new orders when only `maxAgeMs` is set.
   */
  #trimIfDue(): void {
    const { maxOrders, maxAgeMs } = this.options.retention;
    if (maxOrders === undefined && maxAgeMs === undefined) return;
    this.#sinceTrim++;
    const over = maxOrders !== undefined && this.book.size > maxOrders + trimSlack(maxOrders);
    if (!over && !(maxAgeMs !== undefined && this.#sinceTrim >= 1_000)) return;
    this.#sinceTrim = 0;
    const retrying = new Set(this.callbacks.deliveries.filter((d) => d.state === "pending").map((d) => d.orderid));
    const forget = ordersToForget(
      this.book.oldestFirst(),
      this.clock.now(),
      this.options.retention,
      (o) => o.phase !== "final" || o.pending !== undefined || retrying.has(o.orderid),
    );
    if (forget.size === 0) return;
    this.book.forget(forget);
    this.#writer?.forget(forget);
    for (const orderid of forget) {
      const timer = this.#settleTimers.get(orderid);
      if (timer === undefined) continue;
      this.clock.cancel(timer);
      this.#settleTimers.delete(orderid);
    }
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
    this.callbacks.forget(forget);
  }

  /**
   * Takes up the state a data directory kept (read by `storedStateOf`): orders, their timelines,
   * requests, events and callbacks, card references, subscriptions, the clock. What was under way
   * goes on: pending operations are decided after the latency, approved orders settle after the
   * settlement delay, callbacks not yet answered are retried, subscriptions charge when due.
   * Returns the number of orders taken up.
   */
  restore(state: StoredState): number {
    if (state.meta !== undefined) {
      this.fingerprintSalt = state.meta.fingerprintSalt;
      this.clock.resumeFrom(state.meta.now);
      this.book.resumeCounters(state.meta);
      this.ids.resume(state.meta.idsDrawn);
      this.#nextRequestId = state.meta.nextRequestId;
      this.#nextEventId = state.meta.nextEventId;
      this.#nextHistoryId = state.meta.nextHistoryId;
    }
    for (const order of state.orders) this.book.add(order);
    for (const ref of state.cardRefs) this.book.cardRefs.set(ref.cardRefId, ref);
    this.history = state.history;
    this.requests = state.requests;
    this.events = state.events;
    for (const order of state.orders) {
      if (order.pending !== undefined) this.awaitDecision(order);
      else if (order.phase === "final") this.#settleWhenDue(order);
      const tds = order.threeDSecure;
      if (order.phase === "authenticating" && tds?.stage === "method") this.#methodWindow(order, tds);
      if (waitsForCustomer(order)) expirePageWhenDue(this, order);
    }
    this.callbacks.restore(state.callbacks, state.meta?.nextCallbackId ?? 1);
    for (const subscription of state.subscriptions) {
      this.book.recurringPayments.set(subscription.payment.id, subscription.payment);
      this.recurring.restore(subscription);
    }
    return state.orders.length;
  }

  /** Forgets every order, card reference, subscription, event and callback; generated ids start again. */
  reset(): void {
    this.clock.clear();
    this.#settleTimers.clear();
    this.callbacks.reset();
    this.recurring.clear();
    this.ids.restart();
    this.book = new OrderBook(this.ids);
    this.events = [];
    this.history = [];
    this.requests = [];
    this.#nextRequestId = 1;
    this.#nextEventId = 1;
    this.#nextHistoryId = 1;
    this.#writer?.clear();
    for (const list of this.#waiters.values()) for (const wake of list) wake();
    this.#waiters.clear();
    this.options.log("sandbox reset: orders, callbacks, events and subscriptions cleared");
    this.changes.notify({ kind: "reset" });
  }

  /** Stops every timer and callback retry, and writes what is not on disk yet. */
  close(): void {
    this.#writer?.close();
    this.clock.clear();
    this.#settleTimers.clear();
    this.callbacks.close();
    for (const list of this.#waiters.values()) for (const wake of list) wake();
    this.#waiters.clear();
  }
}
