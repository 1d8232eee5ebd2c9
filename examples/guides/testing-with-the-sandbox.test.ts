// Testing with the sandbox: one sandbox for the file, reset between tests, a manual clock so that
// no test sleeps, the CVV2 test values, events on orders and chaos delivery. Run with vitest (jest
// is the same with its own imports): npx vitest run examples/guides/testing-with-the-sandbox.test.ts
import { createGateway, type Gateway } from "@card-processing/client";
import {
  cvv2TestValues,
  type Sandbox,
  sampleOrder,
  sandboxTime,
  startSandbox,
  testCard,
} from "@card-processing/sandbox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

let sandbox: Sandbox;
let gateway: Gateway;

beforeAll(async () => {
  // A manual clock: nothing that depends on time happens until the test advances it.
  sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000, seed: "checkout-tests" });
  gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
  });
});
afterEach(() => sandbox.reset()); // forgets every order, callback and event; ids start again
afterAll(() => sandbox.close());

async function pay(clientOrderId: string, cvv2: string, amount = "10.00") {
  const sale = await gateway.sale({ ...sampleOrder(clientOrderId, { amount }), ...testCard({ cvv2 }) });
  if (sale.error) throw sale.error;
  return { client_orderid: clientOrderId, orderid: sale.data["paynet-order-id"] };
}

describe("checkout against the sandbox", () => {
  it("stays processing until the clock moves, then is approved", async () => {
    const order = await pay("t-1", "123");
    expect((await gateway.status(order)).data?.status).toBe("processing");
    await sandbox.clock.advance(1_000);
    expect((await gateway.status(order)).data?.status).toBe("approved");
  });

  it("shows the decline reason a CVV2 test value chooses", async () => {
    const insufficient = cvv2TestValues["116"]; // { outcome: "declined", errorMessage: "Insufficient funds", ... }
    const order = await pay("t-2", "116");
    const final = await gateway.waitForFinalStatus(order, { clock: sandboxTime(sandbox) });
    expect(final.data?.status).toBe("declined");
    expect(final.data?.["error-message"]).toBe(insufficient?.errorMessage);
  });

  it("leaves a payment pending, never refused, when its outcome stays unknown (CVV2 217)", async () => {
    const order = await pay("t-4", "217");
    const final = await gateway.waitForFinalStatus(order, { clock: sandboxTime(sandbox) });
    // The wait gave up after an hour of sandbox time without a change: tell the customer it is pending.
    expect(final.error).toMatchObject({ name: "StatusUnchangedError", outcome: "unknown", lastStatus: "unknown" });
    expect(final.data).toBeUndefined();
  });

  it("refuses a refund of what was charged back", async () => {
    const order = await pay("t-3", "123", "25.00");
    await sandbox.clock.advance(1_000);
    await sandbox.trigger(order.orderid, { type: "chargeback", amount: "10.00" });
    const refund = await gateway.return({ ...order, amount: "20.00", currency: "USD", comment: "goodwill" });
    expect(refund.error?.message).toMatch(/more than/);
  });

  it("delivers every callback twice under chaos, to test a handler that must book once", async () => {
    const chaotic = await startSandbox({ clock: "manual", latencyMs: 1_000, callbackChaos: true });
    try {
      const shop = createGateway({
        baseUrl: chaotic.url,
        endpointId: chaotic.endpointId,
        login: chaotic.login,
        controlKey: chaotic.controlKey,
      });
      const sale = await shop.sale({
        ...sampleOrder("t-chaos", { amount: "10.00" }),
        ...testCard(),
        server_callback_url: "http://127.0.0.1:9/callback",
      });
      await chaotic.clock.advance(1_000 + 2_000); // processing, then the 2 s chaos window
      const sent = chaotic.callbacks().filter((d) => d.orderid === sale.data?.["paynet-order-id"]);
      expect(sent.map((d) => d.reason).sort()).toEqual(["callback", "chaos-duplicate"]);
    } finally {
      await chaotic.close();
    }
  });

  it("starts every test from an empty sandbox", async () => {
    const order = await pay("t-1", "123"); // t-1 again: the earlier order was forgotten by reset()
    expect(order.orderid).toBe("1000001");
  });
});
