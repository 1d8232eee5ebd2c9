import { describe, expect, it } from "vitest";
import { startSandbox } from "../index.js";
import { adminGet, adminPost, LATENCY_MS, manualFixtureForFile } from "./manual-clock.testlib.js";
import { dataOf, eventually, orderId, paymentBody, startFixture } from "./sandbox-fixture.testlib.js";

const f = manualFixtureForFile({ settleDelayMs: 60_000 });

async function statusOf(id: string, orderid: string): Promise<string> {
  return dataOf(await f.gateway.status({ client_orderid: id, orderid })).status;
}

describe("the manual clock", () => {
  it("keeps an order processing until the clock passes its processing time", async () => {
    const id = orderId("clk");
    const orderid = dataOf(await f.gateway.sale(paymentBody(id)))["paynet-order-id"];
    expect(await f.sandbox.clock.advance(LATENCY_MS - 1)).toMatchObject({ fired: 0 });
    expect(await statusOf(id, orderid)).toBe("processing");
    expect((await f.sandbox.clock.advance(1)).fired).toBe(1);
    expect(await statusOf(id, orderid)).toBe("approved");
  });

  it("is read and advanced over HTTP, in sandbox time", async () => {
    const before = await adminGet(f, "clock");
    expect(before["mode"]).toBe("manual");
    const { status, body } = await adminPost(f, "clock", { advance_ms: "90000" });
    expect(status).toBe(200);
    expect(Date.parse(String(body["now"])) - Date.parse(String(before["now"]))).toBe(90_000);
    expect(typeof body["fired"]).toBe("number");
  });

  it.each([
    [{}, "missing required field 'advance_ms'"],
    [{ advance_ms: "-5" }, "field 'advance_ms': expected a whole number"],
    [{ advance_ms: "1.5" }, "field 'advance_ms': expected a whole number"],
    [{ advance_ms: "10", extra: "1" }, "unknown field 'extra': clock takes only 'advance_ms'"],
  ])("refuses an advance it cannot read: %j", async (form, message) => {
    const before = await adminGet(f, "clock");
    const { status, body } = await adminPost(f, "clock", form as Record<string, string>);
    expect(status).toBe(400);
    expect(String(body["error-message"])).toContain(message);
    expect((await adminGet(f, "clock"))["now"]).toBe(before["now"]);
  });

  it("settles an approved sale when the settlement delay has passed on the clock", async () => {
    const id = orderId("clk");
    const orderid = dataOf(await f.gateway.sale(paymentBody(id)))["paynet-order-id"];
    await f.sandbox.clock.advance(LATENCY_MS + 59_999);
    const settled = async () =>
      (await adminGet<{ orders: Array<Record<string, unknown>> }>(f, "orders")).orders.find(
        (o) => o["orderid"] === orderid,
      )?.["settled"];
    expect(await settled()).toBe(false);
    await f.sandbox.clock.advance(1);
    expect(await settled()).toBe(true);
  });

  it("closes the 3-D Secure method step's window after 10 seconds of sandbox time", async () => {
    const id = orderId("clk");
    const orderid = dataOf(await f.gateway.sale(paymentBody(id, "4000000000003220")))["paynet-order-id"];
    const closed = () =>
      f.log.some((line) => line.includes(`order ${orderid} 3-D Secure method step not completed within 10 s`));
    await f.sandbox.clock.advance(9_999);
    expect(closed()).toBe(false);
    await f.sandbox.clock.advance(1);
    expect(closed()).toBe(true);
  });
});

describe("the real clock", () => {
  it("refuses to be advanced, over HTTP and in code", async () => {
    const real = await startFixture();
    try {
      expect(await adminGet(real, "clock")).toMatchObject({ mode: "real", time_scale: 1 });
      const { status, body } = await adminPost(real, "clock", { advance_ms: "1000" });
      expect([status, body["error-message"]]).toEqual([
        400,
        "the sandbox clock is real; start the sandbox with --clock manual to advance it",
      ]);
      await expect(real.sandbox.clock.advance(1_000)).rejects.toThrow(/real/);
    } finally {
      await real.sandbox.close();
    }
  });

  it("runs sandbox time faster by the time scale: an hour of processing passes in milliseconds", async () => {
    const fast = await startFixture({ timeScale: 1_000_000, latencyMs: 60 * 60 * 1000 });
    try {
      const id = orderId("fast");
      const orderid = dataOf(await fast.gateway.sale(paymentBody(id)))["paynet-order-id"];
      await eventually(
        async () => dataOf(await fast.gateway.status({ client_orderid: id, orderid })).status === "approved",
        5_000,
      );
    } finally {
      await fast.sandbox.close();
    }
  });

  it("refuses a time scale that is not a positive number", async () => {
    await expect(startSandbox({ timeScale: 0 })).rejects.toThrow(/timeScale: expected a finite number above 0/);
    await expect(startSandbox({ clock: "fast" as "real" })).rejects.toThrow(/clock: expected "real" or "manual"/);
  });
});
