import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { VerifiedCallback } from "./callback.js";
import { createCallbackHandler } from "./callback-handler.js";
import { type CallbackSeenSet, memoryCallbackSeen } from "./callback-seen.js";
import { toNodeListener } from "./node-listener.js";
import { signCallback } from "./sign-callback.js";

const controlKey = "test-merchant-control";
const fields = {
  status: "approved",
  orderid: "1000001",
  client_orderid: "A1",
  type: "sale",
  amount: "10.42",
  currency: "USD",
} as const;

function recorder(fail = false) {
  const calls: VerifiedCallback[] = [];
  const errors: unknown[] = [];
  const handler = createCallbackHandler({
    controlKey,
    onCallback: (callback) => {
      if (fail) throw new Error("database down: secret-connection-string");
      calls.push(callback);
    },
    onError: (error) => errors.push(error),
  });
  return { calls, errors, handler };
}

const get = async (query: URLSearchParams | string) => new Request(`http://shop.test/callback?${query}`);

/**
 * A `storedOrder` (the stored `fields`) that counts the deliveries past the signature check, and
 * `arrived(n)`, which resolves once `n` have passed it and a task later: by then each has joined
 * the event's running call or claimed it (nothing between the two waits on I/O). Checking the
 * control digest takes a task of Web Crypto per delivery, however long a loaded machine makes it.
 */
function arrivals() {
  let count = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  const storedOrder = () => {
    count += 1;
    for (const w of waiting.filter((w) => count >= w.n)) setTimeout(w.resolve, 0);
    return { ...fields };
  };
  const arrived = (n: number) =>
    new Promise<void>((resolve) => {
      if (count >= n) setTimeout(resolve, 0);
      else waiting.push({ n, resolve });
    });
  return { storedOrder, arrived };
}

describe("createCallbackHandler as a bare Request handler", () => {
  it("verifies a genuine callback, calls onCallback with it and answers 200 OK", async () => {
    const { calls, handler } = recorder();
    const response = await handler(await get(await signCallback(fields, controlKey)));
    expect([response.status, await response.text()]).toEqual([200, "OK"]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      status: "approved",
      orderid: "1000001",
      client_orderid: "A1",
      final: true,
      unsigned: { amount: "10.42" },
    });
  });

  it("answers a duplicate 200 without calling onCallback again, but a new status of the order is new", async () => {
    const { calls, handler } = recorder();
    const query = await signCallback(fields, controlKey);
    expect((await handler(await get(query))).status).toBe(200);
    expect((await handler(await get(query))).status).toBe(200);
    expect(calls).toHaveLength(1);
    const reversal = await signCallback({ ...fields, type: "reversal" }, controlKey);
    expect((await handler(await get(reversal))).status).toBe(200);
    expect(calls.map((c) => c.unsigned.type)).toEqual(["sale", "reversal"]);
  });

  it("refuses a forged control with 403 and a missing control or signed field with 400, calling nothing", async () => {
    const { calls, handler } = recorder();
    const forged = await signCallback(fields, "another-key");
    const tampered = await signCallback(fields, controlKey);
    tampered.set("status", "declined");
    const noControl = await signCallback(fields, controlKey);
    noControl.delete("control");
    const noOrderid = await signCallback(fields, controlKey);
    noOrderid.delete("orderid");
    const answers = [];
    for (const query of [forged, tampered, noControl, noOrderid]) {
      const response = await handler(await get(query));
      answers.push([response.status, await response.text()]);
    }
    expect(answers).toEqual([
      [403, "control does not match"],
      [403, "control does not match"],
      [400, "no control parameter"],
      [400, "missing orderid"],
    ]);
    expect(calls).toHaveLength(0);
  });

  it("accepts a changed unsigned field, since control does not cover it", async () => {
    const { calls, handler } = recorder();
    const query = await signCallback(fields, controlKey);
    query.set("amount", "9999.00");
    expect((await handler(await get(query))).status).toBe(200);
    expect(calls[0]?.unsigned.amount).toBe("9999.00");
  });

  it("reads a POST form as the gateway may send it, and refuses a POST that is not a form", async () => {
    const { calls, handler } = recorder();
    const body = (await signCallback(fields, controlKey)).toString();
    const form = await handler(
      new Request("http://shop.test/callback", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
    expect(form.status).toBe(200);
    const json = await handler(
      new Request("http://shop.test/callback", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(json.status).toBe(415);
    expect(calls).toHaveLength(1);
  });

  it("answers 500 without the error's text when onCallback throws, tells onError, and handles the redelivery", async () => {
    const failing = recorder(true);
    const query = await signCallback(fields, controlKey);
    const response = await failing.handler(await get(query));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("secret");
    expect(failing.errors).toHaveLength(1);
    // Not remembered as seen: the redelivery reaches onCallback.
    let second = 0;
    const handler = createCallbackHandler({
      controlKey,
      onCallback: () => {
        second += 1;
      },
    });
    await handler(await get(query));
    expect(second).toBe(1);
  });

  it("calls onCallback once for eight deliveries of one event at once, and answers each when that call ends", async () => {
    let calls = 0;
    let finish: () => void = () => {};
    const { storedOrder, arrived } = arrivals();
    const handler = createCallbackHandler({
      controlKey,
      storedOrder,
      onCallback: () => {
        calls += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const query = await signCallback(fields, controlKey);
    let answered = 0;
    const deliveries = Array.from({ length: 8 }, async () => {
      const response = await handler(await get(query));
      answered += 1;
      return response.status;
    });
    await arrived(8);
    expect([calls, answered]).toEqual([1, 0]);
    finish();
    expect(await Promise.all(deliveries)).toEqual(Array(8).fill(200));
    expect(calls).toBe(1);
  });

  it("answers every delivery that waited for a call that threw 500, and the next delivery calls onCallback again", async () => {
    let calls = 0;
    let fail: (error: Error) => void = () => {};
    const { storedOrder, arrived } = arrivals();
    const handler = createCallbackHandler({
      controlKey,
      storedOrder,
      onError: () => {},
      onCallback: () => {
        calls += 1;
        if (calls === 1) return new Promise<void>((_, reject) => (fail = reject));
      },
    });
    const query = await signCallback(fields, controlKey);
    const deliveries = Array.from({ length: 3 }, async () => (await handler(await get(query))).status);
    await arrived(3);
    expect(calls).toBe(1);
    fail(new Error("database down"));
    expect(await Promise.all(deliveries)).toEqual([500, 500, 500]);
    expect((await handler(await get(query))).status).toBe(200);
    expect((await handler(await get(query))).status).toBe(200);
    expect(calls).toBe(2);
  });

  it("answers 503 while another instance holds a live claim on the event, and handles it once the lease ran out", async () => {
    // The lease is measured on Date.now(), moved by hand: however slow the machine, the claim is
    // live when the second instance asks and has run out when it asks again.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const seen = memoryCallbackSeen();
      let calls = 0;
      const count = () => {
        calls += 1;
      };
      let claimed: () => void = () => {};
      const hungHasClaimed = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      const hung = createCallbackHandler({
        controlKey,
        seen: {
          ...seen,
          claim: (key, leaseMs) => {
            const answer = seen.claim(key, leaseMs);
            claimed();
            return answer;
          },
        },
        leaseMs: 50,
        onCallback: () => new Promise<void>(() => {}),
      });
      const other = createCallbackHandler({ controlKey, seen, leaseMs: 50, onCallback: count });
      const query = await signCallback(fields, controlKey);
      void hung(await get(query)); // this instance dies inside onCallback
      await hungHasClaimed;
      const busy = await other(await get(query));
      expect([busy.status, await busy.text()]).toEqual([
        503,
        "another instance is handling this callback; deliver it again later",
      ]);
      expect(calls).toBe(0);
      vi.setSystemTime(Date.now() + 51);
      expect((await other(await get(query))).status).toBe(200);
      expect((await other(await get(query))).status).toBe(200);
      expect(calls).toBe(1);
      // A third instance finds the event done.
      const third = createCallbackHandler({ controlKey, seen, onCallback: count });
      expect((await third(await get(query))).status).toBe(200);
      expect(calls).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("still takes a 0.2 store with has and add, once per event within the process", async () => {
    const keys = new Set<string>();
    const seen: CallbackSeenSet = { has: (key) => keys.has(key), add: (key) => void keys.add(key) };
    let calls = 0;
    const handler = createCallbackHandler({
      controlKey,
      seen,
      onCallback: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        calls += 1;
      },
    });
    const query = await signCallback(fields, controlKey);
    const statuses = await Promise.all([1, 2, 3].map(async () => (await handler(await get(query))).status));
    expect(statuses).toEqual([200, 200, 200]);
    expect((await handler(await get(query))).status).toBe(200);
    expect([calls, [...keys]]).toEqual([1, ["approved|sale|1000001|A1"]]);
  });

  it("marks processing and unknown as not final", async () => {
    const { calls, handler } = recorder();
    await handler(await get(await signCallback({ ...fields, status: "processing" }, controlKey)));
    expect(calls[0]?.final).toBe(false);
  });

  it("throws at once on a missing control key or onCallback", () => {
    expect(() => createCallbackHandler({ controlKey: "", onCallback: () => {} })).toThrow(/controlKey/);
    expect(() => createCallbackHandler({ controlKey, onCallback: undefined as never })).toThrow(/onCallback/);
    expect(() => createCallbackHandler({ controlKey, onCallback: () => {}, leaseMs: 0 })).toThrow(/leaseMs/);
    expect(() => createCallbackHandler({ controlKey, onCallback: () => {}, seen: {} as never })).toThrow(/seen/);
  });
});

describe("toNodeListener", () => {
  const servers: Array<{ close(): unknown }> = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  it("serves the handler on node:http, GET and POST form alike", async () => {
    const { calls, handler } = recorder();
    const listener = toNodeListener(handler);
    const server = createServer((req, res) => void listener(req, res));
    servers.push(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    const got = await fetch(`${url}?${await signCallback(fields, controlKey)}`);
    expect([got.status, await got.text()]).toEqual([200, "OK"]);
    const posted = await fetch(url, {
      method: "POST",
      body: await signCallback({ ...fields, status: "declined" }, controlKey),
    });
    expect(posted.status).toBe(200);
    const forged = await fetch(`${url}?${await signCallback(fields, "another-key")}`);
    expect(forged.status).toBe(403);
    expect(calls.map((c) => c.status)).toEqual(["approved", "declined"]);
  });
});
