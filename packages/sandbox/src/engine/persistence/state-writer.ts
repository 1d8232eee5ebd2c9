import type { RecordKind, SandboxStore, StoreBatch, StoredRecord } from "../../store/sandbox-store.js";
import type { Order } from "../orders/order.js";
import type { CarriedBalancesJson } from "../report/carried-balances.js";
import { orderToJson } from "./stored-order.js";

/** The counters and settings a restart continues from, kept as one `meta` record. */
export interface EngineMeta {
  /** Sandbox-clock time at the last commit. */
  readonly now: number;
  readonly fingerprintSalt: string;
  readonly controlKey: string;
  /** The admin token the sandbox generated (beyond loopback), kept for the same reason; absent in older directories. */
  readonly adminToken?: string | undefined;
  readonly nextOrderId: number;
  readonly nextRecurringId: number;
  readonly nextRequestId: number;
  readonly nextEventId: number;
  readonly nextHistoryId: number;
  readonly nextCallbackId: number;
  /** Seeded ids drawn so far (`--seed`), so a restart does not draw the same page tokens again. */
  readonly idsDrawn: number;
  /** What orders forgotten by retention left in their endpoints' balances; absent in older directories. */
  readonly carriedBalances?: CarriedBalancesJson | undefined;
}

/**
 * How long the first change waits for others before they go to disk together. A commit costs a
 * transaction and a write of the pages it changed however many changes it carries, and requests
 * finish on different turns of the event loop (their bodies and signatures are read
 * asynchronously): without a window, each request pays for a commit of its own.
 */
const GROUP_COMMIT_WINDOW_MS = 2;

interface Pending {
  readonly kind: RecordKind;
  readonly id: string;
  readonly orderid: string | null;
  /** Written as JSON when committed, so later changes to the same object in the same turn go with it. */
  readonly value: unknown;
}

/**
 * Writes the engine's changes through to its store: the engine names what changed (an order, a
 * step of its timeline, a callback...), and the changes of a few milliseconds go to disk in
 * one commit (group commit, see `GROUP_COMMIT_WINDOW_MS`). `durable()` resolves once what was named before it is committed, which
 * is what a reply waits for.
 */
export class StateWriter {
  readonly #store: SandboxStore;
  readonly #meta: () => EngineMeta;
  readonly #onFailure: (error: unknown) => void;
  #orders = new Set<Order>();
  #records = new Map<string, Pending>();
  #forget = new Set<string>();
  #forgetRecords: Array<{ readonly kind: RecordKind; readonly id: string }> = [];
  #clear = false;
  #scheduled: Promise<void> | undefined;
  #failed: StoreBatch | undefined;
  #closed = false;

  constructor(store: SandboxStore, meta: () => EngineMeta, onFailure: (error: unknown) => void) {
    this.#store = store;
    this.#meta = meta;
    this.#onFailure = onFailure;
  }

  /** The meta record changed (a setting it keeps), with no other change to carry it to disk. */
  meta(): void {
    this.#schedule();
  }

  /** `order` changed. */
  order(order: Order): void {
    this.#orders.add(order);
    this.#schedule();
  }

  /** A record of `kind` changed (or is new). */
  record(kind: RecordKind, id: string | number, orderid: string | undefined, value: unknown): void {
    this.#records.set(`${kind}\n${id}`, { kind, id: String(id), orderid: orderid ?? null, value });
    this.#schedule();
  }

  /** The orders `orderids` names are forgotten, with every record of theirs. */
  forget(orderids: ReadonlySet<string>): void {
    for (const orderid of orderids) this.#forget.add(orderid);
    for (const order of this.#orders) if (orderids.has(order.orderid)) this.#orders.delete(order);
    for (const [key, pending] of this.#records)
      if (pending.orderid !== null && orderids.has(pending.orderid)) this.#records.delete(key);
    this.#schedule();
  }

  /** The record of `kind` and `id` is forgotten (one that belongs to no order). */
  forgetRecord(kind: RecordKind, id: string | number): void {
    this.#records.delete(`${kind}\n${id}`);
    this.#forgetRecords.push({ kind, id: String(id) });
    this.#schedule();
  }

  /** Everything is forgotten (reset). */
  clear(): void {
    this.#clear = true;
    this.#orders.clear();
    this.#records.clear();
    this.#forget.clear();
    this.#forgetRecords = [];
    this.#schedule();
  }

  /** Resolves once every change named so far is committed; rejects when that commit failed. */
  durable(): Promise<void> {
    return this.#scheduled ?? Promise.resolve();
  }

  /**
   * Commits what is pending now, and takes no more changes: work the closing sandbox still
   * finishes (a callback attempt it aborted) is not written to a store that is closed.
   */
  close(): void {
    if (this.#scheduled !== undefined) this.#commit();
    this.#closed = true;
  }

  #schedule(): void {
    if (this.#scheduled !== undefined || this.#closed) return;
    const scheduled = new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        // Already committed by close().
        if (this.#scheduled !== scheduled) return resolve();
        try {
          this.#commit();
          resolve();
        } catch (error) {
          this.#onFailure(error);
          reject(error);
        }
      }, GROUP_COMMIT_WINDOW_MS);
    });
    this.#scheduled = scheduled;
    // A failed background commit is logged by #onFailure; only replies wait on it.
    scheduled.catch(() => {});
  }

  #commit(): void {
    this.#scheduled = undefined;
    const records: StoredRecord[] = [...(this.#failed?.records ?? [])];
    for (const order of this.#orders)
      records.push({
        kind: "order",
        id: order.orderid,
        orderid: order.orderid,
        json: JSON.stringify(orderToJson(order)),
      });
    for (const { kind, id, orderid, value } of this.#records.values())
      records.push({ kind, id, orderid, json: JSON.stringify(value) });
    records.push({ kind: "meta", id: "engine", orderid: null, json: JSON.stringify(this.#meta()) });
    const batch: StoreBatch = {
      clear: this.#clear || this.#failed?.clear === true,
      forgetOrders: [...(this.#failed?.forgetOrders ?? []), ...this.#forget],
      forgetRecords: [...(this.#failed?.forgetRecords ?? []), ...this.#forgetRecords],
      records,
    };
    this.#orders = new Set();
    this.#records = new Map();
    this.#forget = new Set();
    this.#forgetRecords = [];
    this.#clear = false;
    try {
      this.#store.commit(batch);
      this.#failed = undefined;
    } catch (error) {
      // Kept for the next commit, which writes it first: a failed commit loses nothing once the disk recovers.
      this.#failed = batch;
      throw error;
    }
  }
}
