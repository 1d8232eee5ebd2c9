import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallbackDelivery, documentedRetryDelaysMs } from "../index.js";
import { adminGet, adminPost, finalSale, startManualFixture } from "./manual-clock.testlib.js";
import { type Fixture, type Receiver, startReceiver } from "./sandbox-fixture.testlib.js";

const DAY_MS = 24 * 60 * 60 * 1000;

async function deliveriesOf(f: Fixture, orderid: string): Promise<CallbackDelivery[]> {
  return (await adminGet<{ callbacks: CallbackDelivery[] }>(f, `callbacks?orderid=${orderid}`)).callbacks;
}

describe("callback delivery on the documented schedule", () => {
  let f: Fixture;
  let receiver: Receiver;
  beforeAll(async () => {
    [f, receiver] = await Promise.all([startManualFixture(), startReceiver(Array.from({ length: 40 }, () => 500))]);
  });
  afterAll(async () => {
    await Promise.all([f.sandbox.close(), receiver.close()]);
  });

  it("tries 30 times over 14 days of sandbox time, each attempt at its scheduled time, then gives up", async () => {
    const o = await finalSale(f, { server_callback_url: `${receiver.url}/cb` });
    const [first] = await deliveriesOf(f, o.orderid);
    expect(first?.attempts).toHaveLength(1);
    expect(first?.nextAttemptAt).toBe(new Date(Date.parse(first?.attempts[0]?.at ?? "") + 60_000).toISOString());

    const { body } = await adminPost(f, "clock", { advance_ms: String(14 * DAY_MS) });
    expect(body["fired"]).toBe(29);
    const [delivery] = await deliveriesOf(f, o.orderid);
    expect(delivery?.state).toBe("failed");
    expect(delivery?.nextAttemptAt).toBeNull();
    expect(delivery?.attempts).toHaveLength(30);
    expect(delivery?.attempts.every((a) => a.httpStatus === 500)).toBe(true);
    const times = delivery?.attempts.map((a) => Date.parse(a.at)) ?? [];
    expect(times.slice(1).map((t, i) => t - (times[i] ?? 0))).toEqual(documentedRetryDelaysMs);
    expect(receiver.requests).toHaveLength(30);
    expect(f.log.some((line) => line.includes("giving up after 30 attempts"))).toBe(true);
  });

  it("redelivers a callback on request, as a new delivery that points at the original", async () => {
    const o = await finalSale(f, { server_callback_url: `${receiver.url}/again` });
    const [original] = await deliveriesOf(f, o.orderid);
    const { status, body } = await adminPost(f, `callbacks/${original?.id}/redeliver`, {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ reason: "redelivery", repeats: original?.id, url: original?.url });
    expect((body["attempts"] as unknown[]).length).toBe(1);
    expect(receiver.requests.filter((r) => r.url.startsWith("/again"))).toHaveLength(2);
    const missing = await adminPost(f, "callbacks/99999/redeliver", {});
    expect([missing.status, missing.body["error-message"]]).toEqual([400, "no callback delivery 99999"]);
  });
});

describe("callback chaos", () => {
  let f: Fixture;
  let receiver: Receiver;
  beforeAll(async () => {
    [f, receiver] = await Promise.all([startManualFixture({ callbackChaos: { windowMs: 2_000 } }), startReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([f.sandbox.close(), receiver.close()]);
  });

  it("delivers every callback twice, the callbacks of one window newest first", async () => {
    const o = await finalSale(f, { server_callback_url: `${receiver.url}/cb` });
    await f.sandbox.trigger(o.orderid, { type: "chargeback", amount: "1.00" });
    expect(receiver.requests).toHaveLength(0);
    await f.sandbox.clock.advance(2_000);
    const types = receiver.requests.map((r) => new URL(r.url, receiver.url).searchParams.get("type"));
    expect(types).toEqual(["chargeback", "sale", "sale", "chargeback"]);
    const deliveries = await deliveriesOf(f, o.orderid);
    expect(deliveries.map((d) => [d.type, d.reason])).toEqual([
      ["sale", "callback"],
      ["sale", "chaos-duplicate"],
      ["chargeback", "callback"],
      ["chargeback", "chaos-duplicate"],
    ]);
  });
});

describe("callback delivery timeout", () => {
  it("counts a delivery that is not answered in time as failed and retries it", async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const f = await startManualFixture({ callbackRetry: { timeoutMs: 50 } });
    try {
      const o = await finalSale(f, {
        server_callback_url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/cb`,
      });
      const [delivery] = await deliveriesOf(f, o.orderid);
      expect(delivery?.attempts[0]?.error).toBe("no answer within 50 ms");
      expect(delivery?.state).toBe("pending");
      expect(delivery?.nextAttemptAt).not.toBeNull();
    } finally {
      await f.sandbox.close();
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});
