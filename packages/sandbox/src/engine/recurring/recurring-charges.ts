import type { NewOrder, Order, PendingOutcomeName } from "../orders/order.js";
import type { OrderBook, RecurringPayment } from "../orders/order-book.js";
import type { SandboxClock } from "../time/sandbox-clock.js";
import { minorOf } from "../values/money.js";
import { fingerprintOf } from "../values/request-fingerprint.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a subscription's charges start and whom they tell. */
export interface SubscriptionSchedule {
  /** `YYYY-MM-DD` of the first charge; absent, the first charge is due at once. */
  readonly startDate?: string | undefined;
  readonly callbackUrl?: string | undefined;
  readonly notifyUrl?: string | undefined;
}

/** A subscription with its schedule and the charges made so far; also what a data directory keeps of it. */
export interface SubscriptionRecord {
  readonly payment: RecurringPayment;
  readonly anchor: number;
  readonly schedule: SubscriptionSchedule;
  readonly charges: Array<{ readonly orderid: string; readonly client_orderid: string; readonly due: string }>;
  nextChargeAt: number | undefined;
}

/** Time of occurrence `n` (0-based) of a schedule starting at `anchor`: days and weeks add up, months follow the calendar. */
export function occurrenceAt(anchor: number, period: string, interval: number, n: number): number {
  if (period === "day") return anchor + n * interval * DAY_MS;
  if (period === "week") return anchor + n * interval * 7 * DAY_MS;
  const start = new Date(anchor);
  const month = start.getUTCMonth() + n * interval;
  // A charge on the 31st falls on the last day of shorter months.
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const at = new Date(anchor);
  at.setUTCDate(1);
  at.setUTCMonth(month);
  at.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return at.getTime();
}

/**
 * What the recurring charges need of the gateway (the engine passes itself): its clock and order
 * book, its log, and the way it opens and processes an order.
 */
export interface ChargingGateway {
  readonly clock: Pick<SandboxClock, "now" | "schedule">;
  readonly book: Pick<OrderBook, "byOrderId">;
  readonly options: { readonly log: (line: string) => void };
  readonly fingerprintSalt: string;
  create(init: NewOrder, phase: Order["phase"]): Order;
  process(order: Order, type: string, amountMinor: bigint, outcome: PendingOutcomeName): void;
}

/**
 * Runs v4 recurring payments: each active subscription charges its card on its schedule as the
 * sandbox clock passes. Every charge is a sale with its own order id, status and callback.
 */
export class RecurringCharges {
  readonly #engine: ChargingGateway;
  readonly #subscriptions = new Map<string, SubscriptionRecord>();
  readonly #saved: (id: string, subscription: SubscriptionRecord) => void;

  /** `saved` is told each time a subscription changes (started, charged, planned). */
  constructor(engine: ChargingGateway, saved: (id: string, subscription: SubscriptionRecord) => void = () => {}) {
    this.#engine = engine;
    this.#saved = saved;
  }

  /** Takes up a subscription a data directory kept: when active, its next charge is planned again. */
  restore(subscription: SubscriptionRecord): void {
    const restored: SubscriptionRecord = { ...subscription, charges: [...subscription.charges] };
    this.#subscriptions.set(restored.payment.id, restored);
    if (restored.payment.active) this.#plan(restored, restored.charges.length);
  }

  /** Starts charging `payment` (when it is active) from its start date. */
  start(payment: RecurringPayment, schedule: SubscriptionSchedule): void {
    const now = this.#engine.clock.now();
    const anchor =
      schedule.startDate === undefined ? now : Math.max(now, Date.parse(`${schedule.startDate}T00:00:00Z`));
    const subscription: SubscriptionRecord = { payment, anchor, schedule, charges: [], nextChargeAt: undefined };
    this.#subscriptions.set(payment.id, subscription);
    if (payment.active) this.#plan(subscription, 0);
    else this.#saved(payment.id, subscription);
  }

  #plan(subscription: SubscriptionRecord, n: number): void {
    const { period, interval } = subscription.payment;
    const due = occurrenceAt(subscription.anchor, period, interval, n);
    subscription.nextChargeAt = due;
    this.#saved(subscription.payment.id, subscription);
    this.#engine.clock.schedule(
      due - this.#engine.clock.now(),
      () => {
        this.#charge(subscription, n, due);
        this.#plan(subscription, n + 1);
      },
      `recurring charge ${n + 1} of recurring payment ${subscription.payment.id}`,
    );
  }

  #charge(subscription: SubscriptionRecord, n: number, due: number): void {
    const { payment, schedule } = subscription;
    const engine = this.#engine;
    const amountMinor = minorOf(payment.amount, payment.currency);
    const order = engine.create(
      {
        clientOrderId: `${payment.clientOrderId}-${n + 1}`,
        endpointId: payment.endpointId,
        kind: "sale",
        operationId: "createRecurringPaymentV4",
        amount: payment.amount,
        currency: payment.currency,
        amountMinor,
        fingerprint: fingerprintOf(
          "recurringCharge",
          { "recurring-payment-id": payment.id, charge: String(n + 1) },
          engine.fingerprintSalt,
        ),
        card: payment.card,
        callbackUrl: schedule.callbackUrl,
        notifyUrl: schedule.notifyUrl,
      },
      "processing",
    );
    subscription.charges.push({
      orderid: order.orderid,
      client_orderid: order.clientOrderId,
      due: new Date(due).toISOString(),
    });
    engine.options.log(`recurring payment ${payment.id} charge ${n + 1} -> order ${order.orderid}`);
    engine.process(order, "sale", amountMinor, "card");
  }

  /** The subscriptions with their schedule and charges, for `GET /paynet/_admin/recurring-payments`. */
  list(): Array<Record<string, unknown>> {
    return [...this.#subscriptions.values()].map(({ payment, anchor, charges, nextChargeAt }) => ({
      "recurring-payment-id": payment.id,
      client_orderid: payment.clientOrderId,
      endpoint_id: payment.endpointId,
      amount: payment.amount,
      currency: payment.currency,
      period: payment.period,
      interval: payment.interval,
      active: payment.active,
      starts_at: new Date(anchor).toISOString(),
      next_charge_at: payment.active && nextChargeAt !== undefined ? new Date(nextChargeAt).toISOString() : null,
      charges: charges.map((charge) => ({
        ...charge,
        status: this.#engine.book.byOrderId(charge.orderid)?.status ?? null,
      })),
    }));
  }

  /** Forgets every subscription (reset; the clock's timers are cleared by the engine). */
  clear(): void {
    this.#subscriptions.clear();
  }
}
