import type { VerifiedCallback } from "./callback.js";

/**
 * What {@link CallbackSeen.claim} answers: `"claimed"` (handle it now), `"done"` (handled
 * already) or `"busy"` (another process holds a live claim on it).
 *
 * @example
 * ```ts
 * import type { CallbackClaim } from "@card-processing/client/callback-handler";
 * const outcome: CallbackClaim = "busy";
 * ```
 */
export type CallbackClaim = "claimed" | "done" | "busy";

/**
 * Where callback handlers record which events they handle, shared by every instance of the shop:
 * a handler claims an event for `leaseMs` before calling `onCallback`, completes it when that
 * succeeded and releases it when it threw. A claim is granted when the key has no row, or when
 * the last claim's lease ran out without being completed (its process died). Back it with your
 * own table in production ({@link sqlCallbackClaims} over any SQL driver);
 * {@link memoryCallbackSeen} holds for one process only.
 *
 * @example
 * ```ts
 * import type { CallbackSeen } from "@card-processing/client/callback-handler";
 * const rows = new Map<string, { until: number; done: boolean }>();
 * const seen: CallbackSeen = {
 *   claim(key, leaseMs) {
 *     const row = rows.get(key);
 *     if (row?.done) return "done";
 *     if (row && row.until > Date.now()) return "busy";
 *     rows.set(key, { until: Date.now() + leaseMs, done: false });
 *     return "claimed";
 *   },
 *   complete: (key) => void rows.set(key, { until: 0, done: true }),
 *   release: (key) => void rows.delete(key),
 * };
 * ```
 */
export interface CallbackSeen {
  /** Atomically claims the event `key` for `leaseMs` milliseconds, unless it is done or claimed by a live lease. */
  claim(key: string, leaseMs: number): CallbackClaim | Promise<CallbackClaim>;
  /**
   * Marks the claimed event handled for good: called by the handler after `onCallback` succeeded,
   * or by `onCallback` itself through `event.complete(within)` inside the shop's own database
   * transaction (`within` is what the store needs to write there, such as that transaction's query
   * function for {@link sqlCallbackClaims}; a store that takes none ignores it). The handler
   * completes the event after `onCallback` even when it completed it inside, so completing twice
   * must be harmless.
   */
  complete(key: string, within?: unknown): void | Promise<void>;
  /** Gives up the claim, so the next delivery handles the event (called after `onCallback` threw). */
  release(key: string): void | Promise<void>;
}

/**
 * The `seen` store of version 0.2 (`has` and `add`), still accepted: a handler given one calls
 * `onCallback` once per event within its process, but two instances can both handle the same
 * event. Move to a {@link CallbackSeen} to have it handled once across instances.
 *
 * @deprecated Implement {@link CallbackSeen} (`claim`, `complete`, `release`).
 * @example
 * ```ts
 * import type { CallbackSeenSet } from "@card-processing/client/callback-handler";
 * const keys = new Set<string>();
 * const seen: CallbackSeenSet = { has: (key) => keys.has(key), add: (key) => void keys.add(key) };
 * ```
 */
export interface CallbackSeenSet {
  /** Whether the callback with this key was handled already. */
  has(key: string): boolean | Promise<boolean>;
  /** Records that the callback with this key was handled (called after `onCallback` succeeded). */
  add(key: string): void | Promise<void>;
}

/**
 * The key that names one callback event: `status`, `type`, `orderid` and `client_orderid`, as the
 * gateway's documentation says to de-duplicate by.
 *
 * @example
 * ```ts
 * import { callbackEventKey } from "@card-processing/client/callback-handler";
 * callbackEventKey(callback); // "approved|sale|1000001|A1"
 * ```
 */
export function callbackEventKey(callback: VerifiedCallback): string {
  return [callback.status, callback.unsigned.type ?? "", callback.orderid, callback.client_orderid].join("|");
}

/**
 * A {@link CallbackSeen} in memory, the default of `createCallbackHandler`: claims hold within one
 * process, it remembers the last `limit` events (10 000 unless told) and forgets them all when the
 * process restarts.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, memoryCallbackSeen } from "@card-processing/client/callback-handler";
 * const handler = createCallbackHandler({ controlKey, onCallback, seen: memoryCallbackSeen(1_000) });
 * ```
 */
export function memoryCallbackSeen(limit = 10_000): CallbackSeen {
  const rows = new Map<string, { claimedUntil: number; done: boolean }>();
  const put = (key: string, row: { claimedUntil: number; done: boolean }) => {
    // A Map iterates in insertion order: re-inserting makes this key the newest, the first the oldest.
    rows.delete(key);
    rows.set(key, row);
    if (rows.size > limit) rows.delete(rows.keys().next().value as string);
  };
  return {
    claim(key, leaseMs) {
      const row = rows.get(key);
      if (row?.done) return "done";
      if (row !== undefined && row.claimedUntil > Date.now()) return "busy";
      put(key, { claimedUntil: Date.now() + leaseMs, done: false });
      return "claimed";
    },
    complete: (key) => put(key, { claimedUntil: 0, done: true }),
    release: (key) => {
      if (rows.get(key)?.done === false) rows.delete(key);
    },
  };
}
