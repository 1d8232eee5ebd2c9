/**
 * Remembers the nonces a verifier has accepted, so a captured request cannot be replayed.
 * `seen` records the nonce and answers true when it was already recorded for that key.
 *
 * @example
 * ```ts
 * import type { NonceStore } from "@card-processing/signing";
 * const redisStore: NonceStore = {
 *   async seen(key, nonce, timestamp) {
 *     return (await redis.set(`nonce:${key}:${timestamp}:${nonce}`, "1", { NX: true, EX: 600 })) === null;
 *   },
 * };
 * ```
 */
export interface NonceStore {
  seen(key: string, nonce: string, timestamp: number): boolean | Promise<boolean>;
}

/**
 * A nonce store in memory, for one process. Entries are dropped once their timestamp is older
 * than the retention window, when the verifier's timestamp check refuses them anyway.
 *
 * @example
 * ```ts
 * import { createMemoryNonceStore, verifyOAuth } from "@card-processing/signing";
 * const nonceStore = createMemoryNonceStore();
 * const result = await verifyOAuth({
 *   method: request.method,
 *   url: request.url,
 *   body: new URLSearchParams(await request.text()),
 *   authorization: request.headers.get("authorization") ?? "",
 *   scheme: "oauth-hmac-sha1",
 *   controlKey,
 *   nonceStore,
 * });
 * ```
 */
export function createMemoryNonceStore(options: { retentionSeconds?: number; now?: () => number } = {}): NonceStore {
  const retention = options.retentionSeconds ?? 600;
  const now = options.now ?? Date.now;
  const entries = new Map<string, number>();
  let nextSweep = 0;
  return {
    seen(key, nonce, timestamp) {
      const seconds = Math.floor(now() / 1000);
      if (seconds >= nextSweep) {
        for (const [id, at] of entries) if (at < seconds - retention) entries.delete(id);
        nextSweep = seconds + 60;
      }
      // The timestamp is part of the identity: RFC 5849 §3.3 makes nonces unique per timestamp.
      const id = `${key}\n${timestamp}\n${nonce}`;
      if (entries.has(id)) return true;
      entries.set(id, timestamp);
      return false;
    },
  };
}
