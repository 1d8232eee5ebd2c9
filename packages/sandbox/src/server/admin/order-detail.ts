import type { CallbackDelivery } from "../../delivery/callback-dispatcher.js";
import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order, StoredCard } from "../../engine/orders/order.js";
import { orderSummary } from "./order-summary.js";
import { shownCallback } from "./shown-callback.js";

/** One line of an order's timeline, at sandbox-clock time. */
export interface TimelineEntry {
  readonly at: string;
  readonly kind: "request" | "status" | "event" | "callback";
  readonly text: string;
}

function cardOf(card: StoredCard | undefined): string | null {
  return card === undefined ? null : `${card.brand} ${card.bin}…${card.lastFour}`;
}

function attemptText(attempt: CallbackDelivery["attempts"][number]): string {
  return attempt.httpStatus === undefined ? `failed: ${attempt.error ?? "no answer"}` : `HTTP ${attempt.httpStatus}`;
}

/**
 * Everything the sandbox knows of one order, for `GET /paynet/_admin/orders/{orderid}` and the
 * dashboard: its summary, the requests it received (redacted at intake), its events, its
 * callbacks with every attempt, and one timeline of all of them in sandbox-clock order.
 */
export function orderDetail(engine: GatewayEngine, order: Order) {
  const requests = engine.journal.requests.filter(
    (r) =>
      r.orderid === order.orderid ||
      (r.orderid === undefined && r.endpoint_id === order.endpointId && r.client_orderid === order.clientOrderId),
  );
  const history = engine.journal.history.filter((h) => h.orderid === order.orderid);
  const events = engine.journal.events.filter((e) => e.orderid === order.orderid);
  const callbacks = engine.callbacks.deliveries.filter((d) => d.orderid === order.orderid);
  const timeline: TimelineEntry[] = [
    ...requests.map((r) => ({
      at: r.at,
      kind: "request" as const,
      text: `${r.operation} request: HTTP ${r.http_status} ${r.outcome}`,
    })),
    ...history.map((h) => ({ at: h.at, kind: "status" as const, text: h.what })),
    ...events.map((e) => ({
      at: e.at,
      kind: "event" as const,
      text: `${e.type} ${e.amount} ${e.currency}: ${e.previous_status} -> ${e.order_status}`,
    })),
    ...callbacks.flatMap((d) =>
      d.attempts.map((a, i) => ({
        at: a.at,
        kind: "callback" as const,
        text: `callback #${d.id} ${d.type} ${d.status} to ${d.target}, attempt ${i + 1}: ${attemptText(a)}`,
      })),
    ),
  ];
  // A stable sort keeps same-time entries in the order above: request, status, event, callback.
  timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return {
    order: {
      ...orderSummary(order),
      card: cardOf(order.card),
      destination: cardOf(order.destination),
      error_message: order.errorMessage ?? null,
      callback_url: order.callbackUrl ?? null,
      notify_url: order.notifyUrl ?? null,
    },
    timeline,
    requests,
    events,
    callbacks: callbacks.map(shownCallback),
  };
}
