import type { TransactionStatus } from "@card-processing/types";
import { type CallbackDelivery, CallbackDispatcher } from "../delivery/callback-dispatcher.js";
import type { SandboxStore } from "../store/sandbox-store.js";
import { pendingOutcomes } from "./decisions/pending-outcomes.js";
import { methodWindow } from "./decisions/three-ds-step.js";
import { ChangeFeed } from "./events/change-feed.js";
import { Journal } from "./journal/journal.js";
import { openOrder } from "./orders/open-order.js";
import type { NewOrder, Order, PendingOutcomeName } from "./orders/order.js";
import { type CardRef, OrderBook } from "./orders/order-book.js";
import { type Decision, decideRequest, requestFor } from "./orders/order-request.js";
import { ordersToForget, trimSlack } from "./orders/order-retention.js";
import { type Refusal, settleRule } from "./orders/transition-rules.js";
import { type EngineMeta, StateWriter } from "./persistence/state-writer.js";
import { fingerprintToJson } from "./persistence/stored-order.js";
import type { StoredState } from "./persistence/stored-state.js";
import { RecurringCharges } from "./recurring/recurring-charges.js";
import { callbackParams } from "./report/callback-params.js";
import { CarriedBalances } from "./report/carried-balances.js";
import type { ResolvedOptions } from "./resolved-options.js";
import { FinalWaiters } from "./time/final-waiters.js";
import { expirePageWhenDue, waitsForCustomer } from "./time/page-lifetime.js";
import { SandboxClock } from "./time/sandbox-clock.js";
import { SettlementTimers } from "./time/settlement-timers.js";
import { IdSource } from "./values/id-source.js";
import { newFingerprintSalt } from "./values/request-fingerprint.js";

/**
 * The sandbox's gateway: creates orders, moves them through their statuses after the configured
 * latency (in sandbox-clock time), settles them, and sends callbacks on every final status. It
 * assembles the engine's rooms (ARCHITECTURE.md) and runs an order's steps between them.
 */
export class GatewayEngine {
  readonly ids: IdSource;
  book: OrderBook;
  readonly clock: SandboxClock;
  readonly callbacks: CallbackDispatcher;
  readonly recurring: RecurringCharges;
  /** Tells the dashboard's event streams that something changed. */
  readonly changes = new ChangeFeed();
  /** The orders' timelines, the API requests received and the events triggered. */
  readonly journal: Journal;
  /** Whoever waits for an order's final status. */
  readonly finals: FinalWaiters;
  readonly options: ResolvedOptions;
  /** Base address with the `/paynet` prefix, set once the server listens. */
  baseUrl = "";
  /** The admin token the sandbox generated, kept with the state like the control key (see `keepAdminToken`). */
  #adminToken: string | undefined;
  /** The salt of request fingerprints (kept with the state, so replays are still recognised after a restart). */
  fingerprintSalt = newFingerprintSalt();
  readonly #settlements: SettlementTimers;
  /** Writes every change through to the data directory's store; `undefined` when state lives in memory only. */
  readonly #writer: StateWriter | undefined;
  #sinceTrim = 0;
  /** What orders forgotten by retention left in their endpoints' balances (get-balance adds it). */
  readonly carried = new CarriedBalances();

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
    this.journal = new Journal(
      this.#writer,
      this.changes,
      () => this.clock.now(),
      (orderid) => this.book.byOrderId(orderid),
    );
    this.finals = new FinalWaiters(this.clock);
    this.#settlements = new SettlementTimers(
      this.clock,
      options.settleDelayMs,
      (orderid) => this.book.byOrderId(orderid),
      (order) => this.settle(order),
    );
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
      ...this.journal.counters(),
      nextCallbackId: this.callbacks.nextId,
      idsDrawn: this.ids.drawn,
      carriedBalances: this.carried.toJson(),
    };
  }

  /**
   * Resolves once every change so far is committed to the data directory's database (at once
   * without one): a reply waits for it, so what it says survives a crash of the sandbox.
   */
  durable(): Promise<void> {
    return this.#writer?.durable() ?? Promise.resolve();
  }

  /** `order` changed in a way no step of its timeline records (a card entered, a 3-D Secure stage). */
  changed(order: Order): void {
    this.#writer?.order(order);
  }

  #moveTo(order: Order, status: TransactionStatus, note: string): void {
    const from = order.status;
    order.status = status;
    this.options.log(`order ${order.orderid} ${note}: ${from} -> ${status}`);
    this.journal.note(order, `${note}: ${from} -> ${status}`);
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
    const ids = { orderid: this.book.nextOrderId(), pageToken: this.ids.hex(12) };
    const order = openOrder(init, phase, ids, this.clock.now());
    this.book.add(order);
    // Written once: the fingerprint never changes, the order's own record is written on every change.
    this.#writer?.record("fingerprint", order.orderid, order.orderid, fingerprintToJson(order.fingerprint));
    this.#trimIfDue();
    this.options.log(`order ${order.orderid} ${order.kind} created (${phase}) client_orderid=${order.clientOrderId}`);
    this.journal.note(order, `${order.operationId} created (${phase})`);
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
    this.clock.schedule(
      this.options.latencyMs,
      () => {
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
      },
      `${pending.type} of order ${order.orderid}`,
    );
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

  #finished(order: Order): void {
    this.#settlements.settleWhenDue(order);
    this.sendCallback(order);
    this.finals.wake(order.orderid);
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
    this.journal.note(order, "settled");
    return undefined;
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
    // Their money stays in the balance: carried, in the same commit as their forgetting.
    this.carried.carry([...forget].flatMap((orderid) => this.book.byOrderId(orderid) ?? []));
    this.book.forget(forget);
    this.#writer?.forget(forget);
    this.#settlements.forget(forget);
    this.journal.forget(forget);
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
      this.carried.resume(state.meta.carriedBalances);
    }
    for (const order of state.orders) this.book.add(order);
    for (const ref of state.cardRefs) this.book.cardRefs.set(ref.cardRefId, ref);
    this.journal.restore(state, state.meta);
    for (const order of state.orders) {
      if (order.pending !== undefined) this.awaitDecision(order);
      else if (order.phase === "final") this.#settlements.settleWhenDue(order);
      const tds = order.threeDSecure;
      if (order.phase === "authenticating" && tds?.stage === "method") methodWindow(this, order, tds);
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
    this.#settlements.clear();
    this.callbacks.reset();
    this.recurring.clear();
    this.ids.restart();
    this.book = new OrderBook(this.ids);
    this.carried.clear();
    this.journal.clear();
    this.#writer?.clear();
    this.finals.wakeAll();
    this.options.log("sandbox reset: orders, callbacks, events and subscriptions cleared");
    this.changes.notify({ kind: "reset" });
  }

  /** Stops every timer and callback retry, and writes what is not on disk yet. */
  close(): void {
    this.#writer?.close();
    this.clock.clear();
    this.#settlements.clear();
    this.callbacks.close();
    this.finals.wakeAll();
  }
}
