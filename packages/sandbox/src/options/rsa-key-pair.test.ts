import { createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startSandbox } from "../start-sandbox.js";
import { rsaKeysOf } from "./rsa-key-pair.js";

describe("the sandbox's RSA keys", () => {
  it("starts without generating a key pair: the median of 5 starts is under 50 ms", async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const sandbox = await startSandbox();
      times.push(performance.now() - started);
      await sandbox.close();
    }
    times.sort((a, b) => a - b);
    expect(times[2]).toBeLessThan(50);
  });

  it("generates one pair on first read and answers the same pair after", () => {
    const keys = rsaKeysOf(undefined);
    const privateKeyPem = keys.privateKeyPem() ?? "";
    expect(keys.publicKey()).toBe(keys.publicKey());
    expect(keys.privateKeyPem()).toBe(privateKeyPem);
    const derived = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: "spki", format: "pem" });
    expect(derived).toBe(keys.publicKey());
  });

  it("keeps a given public key and has no private key then", () => {
    const keys = rsaKeysOf("-----BEGIN PUBLIC KEY-----\ngiven\n-----END PUBLIC KEY-----\n");
    expect(keys.publicKey()).toContain("given");
    expect(keys.privateKeyPem()).toBeUndefined();
  });

  it("gives a started sandbox the same pair on every read of its properties", async () => {
    const sandbox = await startSandbox();
    try {
      const publicKey = sandbox.publicKey;
      expect(sandbox.publicKey).toBe(publicKey);
      const derived = createPublicKey(createPrivateKey(sandbox.privateKeyPem ?? "")).export({
        type: "spki",
        format: "pem",
      });
      expect(derived).toBe(publicKey);
    } finally {
      await sandbox.close();
    }
  });
});
