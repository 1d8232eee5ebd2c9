import { type ControlAmounts, createGateway, type Gateway } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { dataOf, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

// One sandbox per way of writing JPY and KWD amounts in `control`; a client of each way against each.
const sandboxes = new Map<ControlAmounts, Sandbox>();
beforeAll(async () => {
  for (const controlAmounts of ["iso-4217", "hundredths"] as const)
    sandboxes.set(controlAmounts, await startSandbox({ latencyMs: 10, settleDelayMs: Infinity, controlAmounts }));
});
afterAll(async () => {
  for (const sandbox of sandboxes.values()) await sandbox.close();
});

function gatewayFor(sandbox: Sandbox, controlAmounts: ControlAmounts): Gateway {
  return createGateway({
    baseUrl: sandbox.url,
    endpointId: 1111,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    controlAmounts,
    polling: { firstDelayMs: [10, 20], giveUpAfterUnchangedMs: 5_000 },
  });
}

const sale = (id: string, amount: string, currency: string) => ({ ...paymentBody(id), amount, currency });

describe("controlAmounts: the client and the sandbox choose the same way", () => {
  it.each([
    ["iso-4217", "1000", "JPY"],
    ["hundredths", "1000", "JPY"],
    ["hundredths", "1.234", "KWD"],
    ["iso-4217", "1.234", "KWD"],
  ] as const)("a %s sandbox approves a %s %s sale signed the same way", async (controlAmounts, amount, currency) => {
    const sandbox = sandboxes.get(controlAmounts)!;
    const gateway = gatewayFor(sandbox, controlAmounts);
    const id = orderId(`ca-${controlAmounts}`);
    const accepted = dataOf(await gateway.sale(sale(id, amount, currency)));
    const final = dataOf(
      await gateway.waitForFinalStatus({ client_orderid: id, orderid: accepted["paynet-order-id"] }),
    );
    expect(final.status).toBe("approved");
    expect(final.amount).toBe(amount);
    expect(sandbox.requests({ client_orderid: id, operation: "sale" })).toHaveLength(1);
  });

  it.each([
    ["iso-4217", "hundredths"],
    ["hundredths", "iso-4217"],
  ] as const)(
    "a %s sandbox refuses a JPY sale signed %s, naming both ways, and opens no order",
    async (expected, signed) => {
      const sandbox = sandboxes.get(expected)!;
      const id = orderId(`mixed-${signed}`);
      const { error } = await gatewayFor(sandbox, signed).sale(sale(id, "1000", "JPY"));
      expect(error?.message).toContain(`written with controlAmounts '${signed}'`);
      expect(error?.message).toContain(`expects controlAmounts '${expected}'`);
      expect(error?.message).not.toContain(sandbox.controlKey);
      expect(sandbox.requests({ client_orderid: id, operation: "sale" })).toHaveLength(1);
      expect(sandbox.orders({ q: id }).orders).toHaveLength(0);
    },
  );

  it("takes a USD sale signed either way by either sandbox: two-decimal currencies sign alike", async () => {
    for (const [expected, sandbox] of sandboxes)
      for (const signed of ["iso-4217", "hundredths"] as const) {
        const { data, error } = await gatewayFor(sandbox, signed).sale(
          paymentBody(orderId(`usd-${expected}-${signed}`)),
        );
        expect(error).toBeUndefined();
        expect(data?.status).toBe("processing");
      }
  });

  it("refuses a controlAmounts it does not know, before anything is sent", async () => {
    const sandbox = sandboxes.get("iso-4217")!;
    expect(() => gatewayFor(sandbox, "cents" as never)).toThrow(/controlAmounts: expected "iso-4217" or "hundredths"/);
    await expect(startSandbox({ controlAmounts: "cents" as never })).rejects.toThrow(
      /controlAmounts: expected iso-4217 or hundredths/,
    );
  });
});
