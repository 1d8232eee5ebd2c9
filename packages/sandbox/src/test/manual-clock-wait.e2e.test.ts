import { UsageError } from "@card-processing/client";
import { afterEach, describe, expect, it } from "vitest";
import { sandboxTime } from "../sandbox-time.js";
import { LATENCY_MS, startManualFixture } from "./manual-clock.testlib.js";
import { dataOf, type Fixture, orderId, paymentBody, startFixture } from "./sandbox-fixture.testlib.js";

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.sandbox.close();
  fixture = undefined;
});

async function placeSale(f: Fixture) {
  const id = orderId("wait");
  const ack = dataOf(await f.gateway.sale(paymentBody(id)));
  return { client_orderid: id, orderid: ack["paynet-order-id"] };
}

describe("a wait for a final status against a manual sandbox clock", () => {
  it("is refused at once, naming sandboxTime, when it would sleep on real timers", async () => {
    fixture = await startManualFixture();
    const order = await placeSale(fixture);
    const started = performance.now();
    const waited = fixture.gateway.waitForFinalStatus(order);
    await expect(waited).rejects.toBeInstanceOf(UsageError);
    await expect(waited).rejects.toMatchObject({
      code: "ERR_OPTION_INVALID",
      field: "clock",
      message: expect.stringMatching(/the sandbox's clock is manual.*pass `clock: sandboxTime\(sandbox\)`/),
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("ends in the final status with sandboxTime, in no real time", async () => {
    fixture = await startManualFixture();
    const order = await placeSale(fixture);
    const started = performance.now();
    const final = await fixture.gateway.waitForFinalStatus(order, { clock: sandboxTime(fixture.sandbox) });
    expect(final.data?.status).toBe("approved");
    expect(fixture.sandbox.clock.now().getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(performance.now() - started).toBeLessThan(LATENCY_MS);
  });

  it("is not refused when the first status read is already final", async () => {
    fixture = await startManualFixture();
    const order = await placeSale(fixture);
    await fixture.sandbox.clock.advance(LATENCY_MS);
    expect((await fixture.gateway.waitForFinalStatus(order)).data?.status).toBe("approved");
  });

  it("marks API replies X-Sandbox-Clock: manual only when the clock is manual", async () => {
    fixture = await startManualFixture();
    expect((await fixture.gateway.sale(paymentBody(orderId("h")))).response?.headers.get("x-sandbox-clock")).toBe(
      "manual",
    );
    await fixture.sandbox.close();
    fixture = await startFixture({ latencyMs: 10 });
    expect((await fixture.gateway.sale(paymentBody(orderId("h")))).response?.headers.has("x-sandbox-clock")).toBe(
      false,
    );
    expect(() => sandboxTime((fixture as Fixture).sandbox)).toThrow(/clock "manual"/);
  });
});
