import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createMemoryNonceStore } from "./nonce-store.js";
import { createOAuthSigner } from "./oauth-signer.js";
import { type VerifyOAuthInput, verifyOAuth } from "./oauth-verifier.js";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privateKey = pair.privateKey.export({ type: "pkcs1", format: "pem" }) as string;
const publicKey = pair.publicKey.export({ type: "spki", format: "pem" }) as string;
const otherPublicKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
  type: "pkcs1",
  format: "pem",
}) as string;

const NOW = 1_700_000_000_000;
const url = "https://sandbox.gateway.example/paynet/api/v4/payout-check/1111?lang=en";
const fields = { "client-order-id": "PC-1", amount: "10.00", currency: "USD", order_desc: "Payout & co" };

const schemes = [
  {
    scheme: "oauth-hmac-sha1",
    signWith: { controlKey: "merchant-control-key" },
    verifyWith: { controlKey: "merchant-control-key" },
    wrongKey: { controlKey: "merchant-control-keY" },
  },
  {
    scheme: "oauth-rsa-sha256",
    signWith: { privateKey },
    verifyWith: { publicKey },
    wrongKey: { publicKey: otherPublicKey },
  },
] as const;

describe.each(schemes)("verifyOAuth with $scheme", ({ scheme, signWith, verifyWith, wrongKey }) => {
  let counter = 0;
  const signer = createOAuthSigner({
    scheme,
    consumerKey: "test-merchant",
    ...signWith,
    now: () => NOW,
    nonce: () => `nonce-${++counter}`,
  });

  async function signed(): Promise<VerifyOAuthInput> {
    const body = new URLSearchParams(fields);
    const { authorization } = await signer.sign({ method: "POST", url, body });
    return { method: "POST", url, body, authorization, scheme, ...verifyWith, now: () => NOW + 30_000 };
  }

  it("accepts what was signed and names the consumer key", async () => {
    await expect(verifyOAuth(await signed())).resolves.toEqual({ ok: true, consumerKey: "test-merchant" });
  });

  it.each(Object.keys(fields))("refuses the request when body field %s is changed", async (field) => {
    const input = await signed();
    input.body.set(field, `${input.body.get(field)}0`);
    await expect(verifyOAuth(input)).resolves.toMatchObject({ ok: false, reason: expect.stringMatching(/signature/) });
  });

  it("imports each verifying key once across calls, and still tells keys apart", async () => {
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    try {
      const key =
        scheme === "oauth-hmac-sha1" ? { controlKey: `once-${Math.random()}` } : { publicKey: `${publicKey}\n` };
      const sign = createOAuthSigner({ scheme, consumerKey: "test-merchant", ...signWith, now: () => NOW });
      const input = async (): Promise<VerifyOAuthInput> => {
        const body = new URLSearchParams(fields);
        const { authorization } = await sign.sign({ method: "POST", url, body });
        return { method: "POST", url, body, authorization, scheme, ...verifyWith, ...key, now: () => NOW };
      };
      importKey.mockClear();
      const results = [
        await verifyOAuth(await input()),
        await verifyOAuth(await input()),
        await verifyOAuth(await input()),
      ];
      expect(results.map((r) => r.ok)).toEqual(
        scheme === "oauth-hmac-sha1" ? [false, false, false] : [true, true, true],
      );
      // Keys are imported once per secret: the signer's was imported by an earlier test; the
      // verifier imports the new key once.
      expect(importKey).toHaveBeenCalledTimes(1);
    } finally {
      importKey.mockRestore();
    }
  });

  it("refuses the request when a body field is added or removed", async () => {
    const added = await signed();
    added.body.append("amount", "1.00");
    await expect(verifyOAuth(added)).resolves.toMatchObject({ ok: false });
    const removed = await signed();
    removed.body.delete("order_desc");
    await expect(verifyOAuth(removed)).resolves.toMatchObject({ ok: false });
  });

  it("refuses the request under another key", async () => {
    await expect(verifyOAuth({ ...(await signed()), ...wrongKey })).resolves.toMatchObject({ ok: false });
  });

  it.each([
    ["path", url.replace("/1111", "/1112")],
    ["host", url.replace("sandbox.", "live.")],
    ["query", url.replace("lang=en", "lang=de")],
    ["port", url.replace("example/", "example:8443/")],
    ["scheme", url.replace("https:", "http:")],
  ])("refuses the request when the URL's %s is changed", async (_, other) => {
    await expect(verifyOAuth({ ...(await signed()), url: other })).resolves.toMatchObject({ ok: false });
  });

  it("accepts the URL with its default port written out", async () => {
    await expect(
      verifyOAuth({ ...(await signed()), url: url.replace("example/", "example:443/") }),
    ).resolves.toMatchObject({ ok: true });
  });

  it("refuses the request when the method is changed", async () => {
    await expect(verifyOAuth({ ...(await signed()), method: "PUT" })).resolves.toMatchObject({ ok: false });
  });

  it.each(["oauth_timestamp", "oauth_nonce", "oauth_consumer_key"])(
    "refuses the request when %s is changed in the header",
    async (name) => {
      const input = await signed();
      const authorization = input.authorization.replace(
        new RegExp(`${name}="([^"]*)"`),
        (_, v: string) => `${name}="${v === "1700000000" ? "1700000001" : `${v}x`}"`,
      );
      expect(authorization).not.toBe(input.authorization);
      await expect(verifyOAuth({ ...input, authorization })).resolves.toMatchObject({
        ok: false,
        reason: expect.stringMatching(/signature/),
      });
    },
  );

  it("refuses a timestamp outside the window, either way, and accepts one at its edge", async () => {
    const input = await signed();
    await expect(verifyOAuth({ ...input, now: () => NOW + 301_000 })).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/window/),
    });
    await expect(verifyOAuth({ ...input, now: () => NOW - 301_000 })).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/window/),
    });
    await expect(verifyOAuth({ ...input, now: () => NOW + 300_000 })).resolves.toMatchObject({ ok: true });
    await expect(verifyOAuth({ ...input, now: () => NOW + 61_000, windowSeconds: 60 })).resolves.toMatchObject({
      ok: false,
    });
  });

  it("refuses a replayed nonce through the store", async () => {
    const nonceStore = createMemoryNonceStore({ now: () => NOW });
    const input = await signed();
    await expect(verifyOAuth({ ...input, nonceStore })).resolves.toMatchObject({ ok: true });
    await expect(verifyOAuth({ ...input, nonceStore })).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/nonce/),
    });
    await expect(verifyOAuth({ ...(await signed()), nonceStore })).resolves.toMatchObject({ ok: true });
  });

  it("refuses a replay 11 minutes later when the window is an hour", async () => {
    let clock = NOW;
    const nonceStore = createMemoryNonceStore({ now: () => clock });
    const input = { ...(await signed()), windowSeconds: 3_600, now: () => clock };
    await expect(verifyOAuth({ ...input, nonceStore })).resolves.toMatchObject({ ok: true });
    clock = NOW + 11 * 60_000;
    await expect(verifyOAuth({ ...input, nonceStore })).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/nonce/),
    });
    // Past the window the timestamp check refuses it, so the store may forget the nonce.
    clock = NOW + 3_602_000;
    await expect(verifyOAuth({ ...input, nonceStore })).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/window/),
    });
  });

  it("does not record the nonce of a forged request", async () => {
    const nonceStore = createMemoryNonceStore({ now: () => NOW });
    const input = await signed();
    await expect(verifyOAuth({ ...input, ...wrongKey, nonceStore })).resolves.toMatchObject({ ok: false });
    await expect(verifyOAuth({ ...input, nonceStore })).resolves.toMatchObject({ ok: true });
  });

  it("accepts oauth_* copies in the body that match the header, and refuses ones that differ", async () => {
    const input = await signed();
    const params = new Map(
      [...input.authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [
        m[1] as string,
        decodeURIComponent(m[2] as string),
      ]),
    );
    const withCopies = new URLSearchParams(input.body);
    for (const [name, value] of params) withCopies.append(name, value);
    await expect(verifyOAuth({ ...input, body: withCopies })).resolves.toMatchObject({ ok: true });
    withCopies.set("oauth_nonce", "other");
    await expect(verifyOAuth({ ...input, body: withCopies })).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/body differs/),
    });
  });

  it("refuses a header signed with the other method or missing a parameter", async () => {
    const input = await signed();
    const other = scheme === "oauth-hmac-sha1" ? "RSA-SHA256" : "HMAC-SHA1";
    await expect(
      verifyOAuth({
        ...input,
        authorization: input.authorization.replace(
          /oauth_signature_method="[^"]*"/,
          `oauth_signature_method="${other}"`,
        ),
      }),
    ).resolves.toMatchObject({ ok: false, reason: expect.stringMatching(/signature_method/) });
    await expect(
      verifyOAuth({ ...input, authorization: input.authorization.replace(/, oauth_nonce="[^"]*"/, "") }),
    ).resolves.toMatchObject({
      ok: false,
      reason: "oauth_nonce is missing",
    });
    await expect(verifyOAuth({ ...input, authorization: "Bearer x" })).resolves.toMatchObject({ ok: false });
  });
});

describe("verifyOAuth misuse", () => {
  it("throws ERR_KEY_MISSING when the verifier lacks the scheme's key", async () => {
    const base = { method: "POST", url, body: new URLSearchParams(), authorization: "OAuth " };
    await expect(verifyOAuth({ ...base, scheme: "oauth-hmac-sha1" })).rejects.toMatchObject({
      code: "ERR_KEY_MISSING",
      field: "controlKey",
    });
    await expect(verifyOAuth({ ...base, scheme: "oauth-rsa-sha256" })).rejects.toMatchObject({
      code: "ERR_KEY_MISSING",
      field: "publicKey",
    });
  });
});
