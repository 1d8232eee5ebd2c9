import { describe, expect, it, vi } from "vitest";
import { randomNonce } from "./oauth-nonce.js";

describe("randomNonce", () => {
  it("gives 32 hex characters, never the same twice, across pool refills", () => {
    const seen = new Set<string>();
    // 1,000 nonces span four refills of the 4 KiB pool.
    for (let i = 0; i < 1_000; i++) {
      const nonce = randomNonce();
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1_000);
  });

  it("draws its bytes from crypto.getRandomValues, a pool at a time", () => {
    const spy = vi.spyOn(crypto, "getRandomValues");
    try {
      for (let i = 0; i < 512; i++) randomNonce();
      // 512 nonces are 8 KiB: two or three pool fills depending on what was left, not 512 calls.
      expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(spy.mock.calls.length).toBeLessThanOrEqual(3);
      for (const [bytes] of spy.mock.calls) expect((bytes as Uint8Array).byteLength).toBe(4096);
    } finally {
      spy.mockRestore();
    }
  });
});
