/**
 * Remembers the nonces a verifier has accepted, so a captured request cannot be replayed.
 * `seen` records the nonce and answers true when it was already recorded for that key. The
 * verifier passes `keepUntil`: the Unix time (seconds) until which a request with that timestamp
 * could still pass its window; a nonce forgotten before then lets a replay through.
 *
 * @example
 * ```ts
 * import type { NonceStore } from "@card-processing/signing";
 * const redisStore: NonceStore = {
 *   async seen(key, nonce, timestamp, keepUntil = timestamp + 600) {
 *     const seconds = Math.max(1, keepUntil + 1 - Math.floor(Date.now() / 1000));
 *     return (await redis.set(`nonce:${key}:${timestamp}:${nonce}`, "1", { NX: true, EX: seconds })) === null;
 *   },
 * };
 * ```
 */
export interface NonceStore {
  seen(key: string, nonce: string, timestamp: number, keepUntil?: number): boolean | Promise<boolean>;
}

/**
 * A nonce store in memory, for one process. Each nonce is kept until the `keepUntil` the verifier
 * gives (its timestamp plus the verifier's window, after which the timestamp check refuses a
 * replay anyway), and at least `retentionSeconds` (default 600) after its timestamp.
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
  // Each nonce's id with the last second it must be remembered.
  const entries = new Map<string, number>();
  let nextSweep = 0;
  return {
    seen(key, nonce, timestamp, keepUntil) {
      const seconds = Math.floor(now() / 1000);
      if (seconds >= nextSweep) {
        for (const [id, until] of entries) if (until < seconds) entries.delete(id);
        nextSweep = seconds + 60;
      }
      // The timestamp is part of the identity: RFC 5849 §3.3 makes nonces unique per timestamp.
      const id = `${key}\n${timestamp}\n${nonce}`;
      if (entries.has(id)) return true;
      entries.set(id, Math.max(timestamp + retention, keepUntil ?? 0));
      return false;
    },
  };
}
