import type { VerifiedCallback } from "./callback.js";

/**
 * Where a callback handler remembers the callbacks it has handled, so a redelivery is answered 200
 * without calling `onCallback` again. Back it with your own table (a unique key on the key string)
 * in production; {@link memoryCallbackSeen} forgets on restart.
 *
 * @example
 * ```ts
 * import type { CallbackSeen } from "@card-processing/client/callback-handler";
 * const seen: CallbackSeen = {
 *   has: async (key) => (await db.query("select 1 from callback_events where key = $1", [key])).rowCount > 0,
 *   add: async (key) => void (await db.query("insert into callback_events (key) values ($1) on conflict do nothing", [key])),
 * };
 * ```
 */
export interface CallbackSeen {
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
 * A {@link CallbackSeen} in memory, the default of `createCallbackHandler`: it remembers the last
 * `limit` keys (10 000 unless told) and forgets them all when the process restarts.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, memoryCallbackSeen } from "@card-processing/client/callback-handler";
 * const handler = createCallbackHandler({ controlKey, onCallback, seen: memoryCallbackSeen(1_000) });
 * ```
 */
export function memoryCallbackSeen(limit = 10_000): CallbackSeen {
  const keys = new Set<string>();
  return {
    has: (key) => keys.has(key),
    add: (key) => {
      keys.add(key);
      // A Set iterates in insertion order: the first key is the oldest.
      if (keys.size > limit) keys.delete(keys.values().next().value as string);
    },
  };
}
