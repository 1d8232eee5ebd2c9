import { adminRouteIn } from "./admin-route-url.js";
import { answerStart } from "./answer-start.js";
import { CallbackChaos } from "./callback-chaos.js";
import type { DeliveryClock } from "./delivery-clock.js";
import type { RetrySchedule } from "./retry-schedule.js";

/**
 * One callback and its delivery attempts, as the admin endpoint lists them. Times are sandbox-clock
 * times.
 *
 * @example
 * ```ts
 * import type { CallbackDelivery } from "@card-processing/sandbox";
 * const res = await fetch(`${sandbox.url}/_admin/callbacks`);
 * const { callbacks } = (await res.json()) as { callbacks: CallbackDelivery[] };
 * ```
 */
export interface CallbackDelivery {
  readonly id: number;
  readonly orderid: string;
  /** The order's `client_orderid` (the merchant's own id), as the callback carries it. */
  readonly client_orderid: string;
  readonly status: string;
  /** The callback's `type`: sale, capture, reversal, chargeback, fraud, retrieval... */
  readonly type: string;
  /** Which address of the order it goes to. */
  readonly target: "server_callback_url" | "notify_url";
  /** The callback address with its query (the callback parameters, `control` included; the admin API and the dashboard show it without `control`). */
  readonly url: string;
  /** Why it was sent: the order's own callback, a chaos duplicate, or an admin redelivery. */
  readonly reason: "callback" | "chaos-duplicate" | "redelivery";
  /** The delivery it repeats (chaos duplicate or redelivery). */
  readonly repeats?: number;
  /** Each attempt: sandbox time, the HTTP status or the error, and the first 200 characters of the merchant's answer. */
  readonly attempts: Array<{
    readonly at: string;
    readonly httpStatus?: number;
    readonly error?: string;
    readonly answer?: string;
  }>;
  state: "pending" | "delivered" | "failed";
  /** Sandbox time of the next retry, while one is scheduled. */
  nextAttemptAt: string | null;
}

/** What the dispatcher needs to know of one callback. */
export interface CallbackRequest {
  readonly url: string;
  readonly target: CallbackDelivery["target"];
  readonly orderid: string;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Sends callbacks by HTTP GET and retries each on its retry schedule, in sandbox-clock time, until
 * it is answered 200 or the attempts run out.
 */
export class CallbackDispatcher {
  deliveries: CallbackDelivery[] = [];
  // Ids stay unique when `forget` drops old deliveries from the list.
  #nextId = 1;
  readonly #schedule: RetrySchedule;
  readonly #timeoutMs: number;
  readonly #clock: DeliveryClock;
  readonly #log: (line: string) => void;
  readonly #chaos: CallbackChaos<CallbackDelivery> | undefined;
  readonly #inFlight = new Set<AbortController>();
  readonly #deliveredListeners = new Set<(delivery: CallbackDelivery) => void>();
  readonly #onChange: (delivery: CallbackDelivery) => void;
  #closed = false;
  /** Bumped by `reset()`, so attempts in flight then leave no trace. */
  #generation = 0;

  constructor(
    schedule: RetrySchedule,
    timeoutMs: number,
    clock: DeliveryClock,
    log: (line: string) => void,
    chaosWindowMs?: number,
    onChange: (delivery: CallbackDelivery) => void = () => {},
  ) {
    this.#onChange = onChange;
    this.#schedule = schedule;
    this.#timeoutMs = timeoutMs;
    this.#clock = clock;
    this.#log = log;
    this.#chaos =
      chaosWindowMs === undefined ? undefined : new CallbackChaos(clock, chaosWindowMs, (d) => this.#attempt(d));
  }

  /** Queues a callback to `request.url` with `request.params` in its query. */
  send(request: CallbackRequest): CallbackDelivery {
    const url = new URL(request.url);
    for (const [name, value] of Object.entries(request.params)) url.searchParams.set(name, value);
    const delivery = this.#record(
      request.orderid,
      request.params["client_orderid"] ?? "",
      request.params["status"] ?? "",
      request.params["type"] ?? "",
      request.target,
      url.toString(),
      "callback",
    );
    if (this.#chaos !== undefined) {
      this.#chaos.hold({
        first: delivery,
        duplicate: this.#record(
          delivery.orderid,
          delivery.client_orderid,
          delivery.status,
          delivery.type,
          delivery.target,
          delivery.url,
          "chaos-duplicate",
          delivery.id,
        ),
      });
    } else {
      this.#clock.track(this.#attempt(delivery), `callback delivery ${delivery.id} of order ${delivery.orderid}`);
    }
    return delivery;
  }

  /** Sends delivery `id` again now, as a new delivery; resolves once its first attempt is over. */
  async redeliver(id: number): Promise<CallbackDelivery | undefined> {
    const original = this.deliveries.find((d) => d.id === id);
    if (original === undefined) return undefined;
    const again = this.#record(
      original.orderid,
      original.client_orderid,
      original.status,
      original.type,
      original.target,
      original.url,
      "redelivery",
      original.id,
    );
    const first = this.#attempt(again);
    this.#clock.track(first);
    await first;
    return again;
  }

  #record(
    orderid: string,
    clientOrderId: string,
    status: string,
    type: string,
    target: CallbackDelivery["target"],
    url: string,
    reason: CallbackDelivery["reason"],
    repeats?: number,
  ): CallbackDelivery {
    const delivery: CallbackDelivery = {
      id: this.#nextId++,
      orderid,
      client_orderid: clientOrderId,
      status,
      type,
      target,
      url,
      reason,
      ...(repeats === undefined ? {} : { repeats }),
      attempts: [],
      state: "pending",
      nextAttemptAt: null,
    };
    this.deliveries.push(delivery);
    this.#onChange(delivery);
    return delivery;
  }

  async #attempt(delivery: CallbackDelivery): Promise<void> {
    if (this.#closed) return;
    const generation = this.#generation;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.#timeoutMs);
    this.#inFlight.add(abort);
    delivery.nextAttemptAt = null;
    const at = new Date(this.#clock.now()).toISOString();
    let httpStatus: number | undefined;
    let error: string | undefined;
    let answer: string | undefined;
    // A second line behind the request's check: an address kept from before it, or made otherwise.
    const adminRoute = adminRouteIn(delivery.url);
    try {
      if (adminRoute !== undefined)
        throw new Error(`refused: ${adminRoute} is a sandbox's admin route, never a callback address`);
      const response = await fetch(delivery.url, { method: "GET", signal: abort.signal, redirect: "manual" });
      httpStatus = response.status;
      answer = await answerStart(response);
    } catch (cause) {
      error = abort.signal.aborted
        ? `no answer within ${this.#timeoutMs} ms`
        : cause instanceof Error
          ? cause.message
          : String(cause);
    } finally {
      clearTimeout(timer);
      this.#inFlight.delete(abort);
    }
    if (generation !== this.#generation) return;
    delivery.attempts.push(
      httpStatus === undefined ? { at, error: error ?? "failed" } : { at, httpStatus, answer: answer ?? "" },
    );
    this.#onChange(delivery);
    const n = delivery.attempts.length;
    const target = new URL(delivery.url);
    const where = `${target.origin}${target.pathname}`;
    const what = `callback order=${delivery.orderid} #${delivery.id} type=${delivery.type} status=${delivery.status}`;
    if (httpStatus === 200) {
      delivery.state = "delivered";
      this.#onChange(delivery);
      this.#log(`${what} attempt=${n} -> 200 delivered to ${where}`);
      for (const listener of [...this.#deliveredListeners]) listener(delivery);
      return;
    }
    const outcome = httpStatus === undefined ? (error ?? "failed") : `HTTP ${httpStatus}`;
    const delay = adminRoute === undefined ? this.#schedule.delayAfter(n) : undefined;
    if (delay === undefined || this.#closed) {
      delivery.state = "failed";
      this.#onChange(delivery);
      this.#log(`${what} attempt=${n} -> ${outcome}; giving up after ${n} attempts`);
      return;
    }
    delivery.nextAttemptAt = new Date(this.#clock.now() + delay).toISOString();
    this.#log(`${what} attempt=${n} -> ${outcome}; retrying in ${Math.round(delay)} ms (sandbox time)`);
    this.#retryIn(delivery, delay);
  }

  #retryIn(delivery: CallbackDelivery, delayMs: number): void {
    this.#clock.schedule(
      delayMs,
      () => this.#clock.track(this.#attempt(delivery), `callback delivery ${delivery.id} of order ${delivery.orderid}`),
      `callback retry ${delivery.id} of order ${delivery.orderid}`,
    );
  }

  /** The id the next delivery gets. */
  get nextId(): number {
    return this.#nextId;
  }

  /**
   * Takes up the deliveries a data directory kept: those still pending are tried again at their
   * next attempt's time, or at once when the sandbox stopped in the middle of one.
   */
  restore(deliveries: readonly CallbackDelivery[], nextId: number): void {
    // A directory kept before deliveries named their client_orderid: the callback's own query holds it.
    this.deliveries = deliveries.map((d) =>
      typeof d.client_orderid === "string"
        ? d
        : { ...d, client_orderid: new URL(d.url).searchParams.get("client_orderid") ?? "" },
    );
    this.#nextId = deliveries.reduce((next, d) => Math.max(next, d.id + 1), nextId);
    for (const delivery of this.deliveries) {
      if (delivery.state !== "pending") continue;
      const at = delivery.nextAttemptAt === null ? Number.NaN : Date.parse(delivery.nextAttemptAt);
      this.#retryIn(delivery, Number.isNaN(at) ? 0 : Math.max(0, at - this.#clock.now()));
    }
  }

  /** Calls `listener` each time a delivery is answered 200; returns the function that stops it. */
  onDelivered(listener: (delivery: CallbackDelivery) => void): () => void {
    this.#deliveredListeners.add(listener);
    return () => this.#deliveredListeners.delete(listener);
  }

  /** Drops the deliveries of the orders `orderids` names from the list (the sandbox keeps fewer orders). */
  forget(orderids: ReadonlySet<string>): void {
    this.deliveries = this.deliveries.filter((d) => !orderids.has(d.orderid));
  }

  /** Forgets every delivery and aborts those in flight (reset; the clock's timers are cleared by the engine). */
  reset(): void {
    this.#generation += 1;
    for (const abort of this.#inFlight) abort.abort();
    this.#chaos?.clear();
    this.deliveries = [];
    this.#nextId = 1;
  }

  /** Stops retrying and aborts deliveries in flight. */
  close(): void {
    this.#closed = true;
    for (const abort of this.#inFlight) abort.abort();
  }
}
