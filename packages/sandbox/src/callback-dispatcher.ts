import { runInBackground } from "./background-work.js";
import type { CallbackRetryOptions } from "./sandbox-options.js";

/**
 * One callback and its delivery attempts, as the admin endpoint lists them.
 *
 * @example
 * ```ts
 * import type { CallbackDelivery } from "@card-processing/sandbox";
 * const res = await fetch(`${sandbox.url}/_admin/callbacks`);
 * const deliveries = (await res.json()) as CallbackDelivery[];
 * ```
 */
export interface CallbackDelivery {
  readonly id: number;
  readonly orderid: string;
  readonly status: string;
  /** The callback address with its query (the callback parameters, `control` included). */
  readonly url: string;
  readonly attempts: Array<{ readonly at: string; readonly httpStatus?: number; readonly error?: string }>;
  state: "pending" | "delivered" | "failed";
}

/**
 * Sends callbacks by HTTP GET and retries each with bounded exponential backoff until it is
 * answered 200 or the attempts run out.
 */
export class CallbackDispatcher {
  readonly deliveries: CallbackDelivery[] = [];
  readonly #retry: Required<CallbackRetryOptions>;
  readonly #log: (line: string) => void;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<AbortController>();
  #closed = false;

  constructor(retry: Required<CallbackRetryOptions>, log: (line: string) => void) {
    this.#retry = retry;
    this.#log = log;
  }

  /** Queues a callback to `target` with `params` in its query. */
  send(target: string, orderid: string, params: Readonly<Record<string, string>>): CallbackDelivery {
    const url = new URL(target);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const delivery: CallbackDelivery = {
      id: this.deliveries.length + 1,
      orderid,
      status: params["status"] ?? "",
      url: url.toString(),
      attempts: [],
      state: "pending",
    };
    this.deliveries.push(delivery);
    this.#attemptInBackground(delivery);
    return delivery;
  }

  #attemptInBackground(delivery: CallbackDelivery): void {
    runInBackground(`callback delivery ${delivery.id} of order ${delivery.orderid}`, this.#log, () => this.#attempt(delivery));
  }

  async #attempt(delivery: CallbackDelivery): Promise<void> {
    if (this.#closed) return;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.#retry.timeoutMs);
    this.#inFlight.add(abort);
    const at = new Date().toISOString();
    let httpStatus: number | undefined;
    let error: string | undefined;
    try {
      const response = await fetch(delivery.url, { method: "GET", signal: abort.signal, redirect: "manual" });
      httpStatus = response.status;
      await response.body?.cancel();
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    } finally {
      clearTimeout(timer);
      this.#inFlight.delete(abort);
    }
    delivery.attempts.push(httpStatus === undefined ? { at, error: error ?? "failed" } : { at, httpStatus });
    const n = delivery.attempts.length;
    const target = new URL(delivery.url);
    const where = `${target.origin}${target.pathname}`;
    if (httpStatus === 200) {
      delivery.state = "delivered";
      this.#log(`callback order=${delivery.orderid} status=${delivery.status} attempt=${n} -> 200 delivered to ${where}`);
      return;
    }
    const outcome = httpStatus === undefined ? (error ?? "failed") : `HTTP ${httpStatus}`;
    if (n >= this.#retry.attempts || this.#closed) {
      delivery.state = "failed";
      this.#log(`callback order=${delivery.orderid} attempt=${n} -> ${outcome}; giving up after ${n} attempts`);
      return;
    }
    const delay = Math.min(this.#retry.maxDelayMs, this.#retry.initialDelayMs * this.#retry.factor ** (n - 1));
    this.#log(`callback order=${delivery.orderid} attempt=${n} -> ${outcome}; retrying in ${Math.round(delay)} ms`);
    const retry = setTimeout(() => {
      this.#timers.delete(retry);
      this.#attemptInBackground(delivery);
    }, delay);
    this.#timers.add(retry);
  }

  /** Stops retrying and aborts deliveries in flight. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    for (const abort of this.#inFlight) abort.abort();
  }
}
