import { randomBytes } from "node:crypto";
import type { TransactionStatus } from "@card-processing/types";
import { runInBackground } from "./background-work.js";
import { CallbackDispatcher } from "./callback-dispatcher.js";
import { callbackParams } from "./callback-params.js";
import type { Order, StoredCard, ThreeDSecureState } from "./order.js";
import { OrderBook } from "./order-book.js";
import type { ResolvedOptions } from "./sandbox-options.js";
import { settleRule, type Refusal } from "./transition-rules.js";

/** The final status an operation ends in, with the error fields of a failure. */
export interface Decision {
  readonly status: TransactionStatus;
  readonly errorMessage?: string;
  readonly errorCode?: number;
}

/** Fields of a new order; the engine fills in the rest. */
export type NewOrder = Readonly<
  Pick<Order, "clientOrderId" | "endpointId" | "kind" | "operationId" | "amount" | "currency" | "amountMinor" | "fingerprint"> &
    Partial<Pick<Order, "card" | "destination" | "email" | "callbackUrl" | "redirectUrl">>
>;

/** The decision a test card leads to once any 3-D Secure step is over. */
export function cardDecision(card: StoredCard | undefined, threeDSecure?: ThreeDSecureState): Decision {
  if (threeDSecure !== undefined && threeDSecure.result !== "AUTHENTICATED") {
    return { status: "declined", errorMessage: "3-D Secure authentication failed", errorCode: 301 };
  }
  switch (card?.behaviour.outcome ?? "approved") {
    case "declined":
      return { status: "declined", errorMessage: "Declined by the issuer (sandbox test card)", errorCode: 100 };
    case "error":
      return { status: "error", errorMessage: "Processing error (sandbox test card)", errorCode: 200 };
    default:
      return { status: "approved" };
  }
}

/**
 * The sandbox's gateway: creates orders, moves them through their statuses after the configured
 * latency, settles them, and sends callbacks on every final status.
 */
export class GatewayEngine {
  readonly book = new OrderBook();
  readonly callbacks: CallbackDispatcher;
  readonly options: ResolvedOptions;
  /** Base address with the `/paynet` prefix, set once the server listens. */
  baseUrl = "";
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #waiters = new Map<string, Array<() => void>>();

  constructor(options: ResolvedOptions) {
    this.options = options;
    this.callbacks = new CallbackDispatcher(options.callbackRetry, options.log);
  }

  #later(what: string, ms: number, run: () => void): void {
    if (!Number.isFinite(ms)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      runInBackground(what, this.options.log, run);
    }, ms);
    this.#timers.add(timer);
  }

  #moveTo(order: Order, status: TransactionStatus, note: string): void {
    const from = order.status;
    order.status = status;
    this.options.log(`order ${order.orderid} ${note}: ${from} -> ${status}`);
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
      settled: false,
      cancelled: false,
      pending: undefined,
      lastType: init.kind,
      lastAmountMinor: init.amountMinor,
      card: init.card,
      destination: init.destination,
      threeDSecure: undefined,
      email: init.email,
      callbackUrl: init.callbackUrl,
      redirectUrl: init.redirectUrl,
      pageToken: randomBytes(12).toString("hex"),
      cardRefId: undefined,
      errorMessage: undefined,
      errorCode: undefined,
      createdAt: Date.now(),
    };
    this.book.add(order);
    this.options.log(`order ${order.orderid} ${order.kind} created (${phase}) client_orderid=${order.clientOrderId}`);
    return order;
  }

  /**
   * Starts an operation on `order`: status `processing` now, `decide()` after the latency, then
   * `apply` (when approved), the callback, and settlement scheduling.
   */
  process(order: Order, type: string, amountMinor: bigint, decide: () => Decision, apply?: (order: Order) => void): void {
    order.pending = { type, amountMinor };
    order.phase = "processing";
    order.lastType = type;
    order.lastAmountMinor = amountMinor;
    if (order.status !== "processing") this.#moveTo(order, "processing", type);
    this.#later(`${type} of order ${order.orderid}`, this.options.latencyMs, () => {
      const decision = decide();
      order.pending = undefined;
      order.phase = "final";
      order.errorMessage = decision.errorMessage;
      order.errorCode = decision.errorCode;
      if (decision.status === "approved") apply?.(order);
      this.#moveTo(order, decision.status, type);
      this.#finished(order);
    });
  }

  /** Ends an operation at once (synchronous operations such as pan-eligibility). */
  finishNow(order: Order, decision: Decision): void {
    order.phase = "final";
    order.errorMessage = decision.errorMessage;
    order.errorCode = decision.errorCode;
    this.#moveTo(order, decision.status, order.lastType);
    this.#finished(order);
  }

  /** Starts the 3-D Secure step of a card order. */
  authenticate(order: Order, version: ThreeDSecureState["version"]): void {
    order.phase = "authenticating";
    order.threeDSecure = { version, stage: version === "2.x-challenge" ? "method" : "challenge" };
    this.options.log(`order ${order.orderid} ${order.kind} waits for 3-D Secure ${version} authentication`);
  }

  /** Records the authentication result and continues the order with the card's outcome. */
  completeAuthentication(order: Order, result: NonNullable<ThreeDSecureState["result"]>, via: string): void {
    const tds = order.threeDSecure;
    if (tds === undefined) return;
    tds.stage = "done";
    tds.result = result;
    this.options.log(`order ${order.orderid} 3-D Secure ${result} (${via})`);
    this.process(order, order.kind, order.amountMinor, () => cardDecision(order.card, tds), captureOnSale);
  }

  #finished(order: Order): void {
    if (order.status === "approved" && order.capturedMinor > order.refundedMinor && !order.settled && order.cancelled === false) {
      this.#later(`settlement of order ${order.orderid}`, this.options.settleDelayMs, () => {
        if (settleRule(order) === undefined) this.settle(order);
      });
    }
    if (order.callbackUrl !== undefined) runInBackground(`callback of order ${order.orderid}`, this.options.log, () => this.#sendCallback(order));
    const waiting = this.#waiters.get(order.orderid);
    if (waiting !== undefined) {
      this.#waiters.delete(order.orderid);
      for (const wake of waiting) wake();
    }
  }

  async #sendCallback(order: Order): Promise<void> {
    if (order.callbackUrl === undefined) return;
    this.callbacks.send(order.callbackUrl, order.orderid, await callbackParams(order, this.options.controlKey));
  }

  /** Settles an approved order at once (the admin call), or says why not. */
  settle(order: Order): Refusal | undefined {
    const refusal = settleRule(order);
    if (refusal !== undefined) return refusal;
    order.settled = true;
    this.options.log(`order ${order.orderid} settled`);
    return undefined;
  }

  /** Resolves when `order` has a final status (or after `timeoutMs`). */
  async waitForFinal(order: Order, timeoutMs: number): Promise<void> {
    if (order.phase === "final") return;
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

  /** Stops every timer and callback retry. */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.callbacks.close();
    for (const list of this.#waiters.values()) for (const wake of list) wake();
    this.#waiters.clear();
  }
}

/** What an approved sale does to its order: the whole amount is captured. */
export function captureOnSale(order: Order): void {
  if (order.kind === "sale") order.capturedMinor = order.amountMinor;
}
