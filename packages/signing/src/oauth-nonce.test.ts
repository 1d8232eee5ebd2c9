import { describe, expect, it, vi } from "vitest";
import { randomNonce } from "./oauth-nonce.js";

describe("randomNonce", () => {
  it("gives 32 hex characters, never the same twice, in a thousand draws", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const nonce = randomNonce();
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1_000);
  });

  it("draws 16 bytes from crypto.getRandomValues for each nonce", () => {
    const spy = vi.spyOn(crypto, "getRandomValues");
    try {
      randomNonce();
      expect(spy).toHaveBeenCalledTimes(1);
      expect((spy.mock.calls[0]?.[0] as Uint8Array | undefined)?.byteLength).toBe(16);
    } finally {
      spy.mockRestore();
    }
  });
});
