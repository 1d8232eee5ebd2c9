import type { CallbackDelivery } from "../delivery/callback-dispatcher.js";
import type { StoredRecord } from "../store/sandbox-store.js";
import type { Order } from "./order.js";
import type { CardRef } from "./order-book.js";
import type { OrderEvent } from "./order-event.js";
import type { OrderHistoryEntry } from "./order-history.js";
import type { ReceivedRequest } from "./received-request.js";
import type { SubscriptionRecord } from "./recurring-charges.js";
import type { EngineMeta } from "./state-writer.js";
import { type OrderJson, orderFromJson } from "./stored-order.js";

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

function byId<T>(records: readonly StoredRecord[]): T[] {
  return [...records].sort((a, b) => Number(a.id) - Number(b.id)).map((record) => JSON.parse(record.json) as T);
}

/** The counters and settings `records` keep, when they keep any. */
export function storedMetaOf(records: readonly StoredRecord[]): EngineMeta | undefined {
  const meta = records.find((record) => record.kind === "meta");
  return meta === undefined ? undefined : (JSON.parse(meta.json) as EngineMeta);
}

/** The state `records` hold (from `SandboxStore.load`), sorted as the engine made it. */
export function storedStateOf(records: readonly StoredRecord[]): StoredState {
  const of = (kind: StoredRecord["kind"]) => records.filter((record) => record.kind === kind);
  return {
    meta: storedMetaOf(records),
    // Order ids are numbers handed out in turn: their order is the order of creation.
    orders: byId<OrderJson>(of("order")).map(orderFromJson),
    cardRefs: of("card-ref").map((record) => JSON.parse(record.json) as CardRef),
    history: byId(of("history")),
    requests: byId(of("request")),
    events: byId(of("event")),
    callbacks: byId(of("callback")),
    subscriptions: byId(of("subscription")),
  };
}
