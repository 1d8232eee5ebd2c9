import type { CallbackDelivery } from "../../delivery/callback-dispatcher.js";
import type { StoredRecord } from "../../store/sandbox-store.js";
import type { OrderEvent } from "../events/order-event.js";
import type { OrderHistoryEntry } from "../journal/order-history.js";
import type { ReceivedRequest } from "../journal/received-request.js";
import type { Order } from "../orders/order.js";
import type { CardRef } from "../orders/order-book.js";
import type { SubscriptionRecord } from "../recurring/recurring-charges.js";
import type { EngineMeta } from "./state-writer.js";
import { type FingerprintJson, type OrderJson, orderFromJson } from "./stored-order.js";

/** The engine's state as a data directory kept it, each list in the order it was made. */
export interface StoredState {
  readonly meta: EngineMeta | undefined;
  readonly orders: Order[];
  readonly cardRefs: CardRef[];
  readonly history: OrderHistoryEntry[];
  readonly requests: ReceivedRequest[];
  readonly events: OrderEvent[];
  readonly callbacks: CallbackDelivery[];
  readonly subscriptions: SubscriptionRecord[];
}

/** Sorts by a numeric id: a record written again (an order that changed) is stored after newer ones. */
function byId<T>(list: T[], id: (item: T) => number): T[] {
  return list.sort((a, b) => id(a) - id(b));
}

/** The state `records` hold (from `SandboxStore.load`), each list in the order the engine made it. */
export function storedStateOf(records: Iterable<StoredRecord>): StoredState {
  let meta: EngineMeta | undefined;
  const orderJsons: OrderJson[] = [];
  const fingerprints = new Map<string, FingerprintJson>();
  const cardRefs: CardRef[] = [];
  const history: Array<{ readonly id: number; readonly entry: OrderHistoryEntry }> = [];
  const requests: ReceivedRequest[] = [];
  const events: OrderEvent[] = [];
  const callbacks: CallbackDelivery[] = [];
  const subscriptions: SubscriptionRecord[] = [];
  // One pass, each record parsed as it is read.
  for (const record of records) {
    const value: unknown = JSON.parse(record.json);
    switch (record.kind) {
      case "meta":
        meta = value as EngineMeta;
        break;
      case "order":
        orderJsons.push(value as OrderJson);
        break;
      case "fingerprint":
        fingerprints.set(record.id, value as FingerprintJson);
        break;
      case "card-ref":
        cardRefs.push(value as CardRef);
        break;
      case "history":
        history.push({ id: Number(record.id), entry: value as OrderHistoryEntry });
        break;
      case "request":
        requests.push(value as ReceivedRequest);
        break;
      case "event":
        events.push(value as OrderEvent);
        break;
      case "callback":
        callbacks.push(value as CallbackDelivery);
        break;
      case "subscription":
        subscriptions.push(value as SubscriptionRecord);
        break;
    }
  }
  // An order and its fingerprint are two records, read in any order.
  const orders = orderJsons.map((json) => orderFromJson(json, fingerprints.get(json.orderid) ?? json.fingerprint));
  return {
    meta,
    // Order ids are numbers handed out in turn: their order is the order of creation.
    orders: byId(orders, (order) => Number(order.orderid)),
    cardRefs,
    history: byId(history, (h) => h.id).map((h) => h.entry),
    requests: byId(requests, (r) => r.id),
    events: byId(events, (e) => e.id),
    callbacks: byId(callbacks, (c) => c.id),
    subscriptions: byId(subscriptions, (s) => Number(s.payment.id)),
  };
}
