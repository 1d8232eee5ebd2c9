import { createGateway } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../start-sandbox.js";
import { cvv2TestValues } from "./cvv2-test-values.js";
import { testCardsWithoutCvv2 } from "./payout-test-values.js";
import { sampleOrder } from "./sample-order.js";
import { testCard } from "./test-card.js";
import { testCards } from "./test-cards.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 0 });
});
afterAll(() => sandbox.close());

function gateway() {
  const { url: baseUrl, endpointId, login, controlKey } = sandbox;
  return createGateway({ baseUrl, endpointId, login, controlKey });
}

describe("testCard", () => {
  it("fills in any of the sandbox's test cards and CVV2 test values, approved Visa and 123 by default", () => {
    expect(testCard()).toMatchObject({ credit_card_number: "4111111111111111", cvv2: "123", expire_month: "12" });
    for (const number of [...Object.keys(testCards), ...Object.keys(testCardsWithoutCvv2)])
      expect(testCard({ number }).credit_card_number).toBe(number);
    for (const cvv2 of Object.keys(cvv2TestValues)) expect(testCard({ cvv2 }).cvv2).toBe(cvv2);
    expect(Number(testCard().expire_year)).toBe(new Date().getUTCFullYear() + 3);
  });

  it("refuses a number or CVV2 that is not a test value, naming the field and never the value", () => {
    const real = "4532015112830366";
    expect(() => testCard({ number: real })).toThrow(RangeError);
    expect(() => testCard({ number: real })).toThrow(/number is not one of/);
    try {
      testCard({ number: real, cvv2: "987" });
    } catch (error) {
      expect(String(error)).not.toContain(real);
    }
    expect(() => testCard({ cvv2: "987" })).toThrow(/cvv2 is not one of/);
    expect(() => testCard({ cvv2: "987" })).not.toThrow(/987/);
  });
});

describe("sampleOrder", () => {
  it("takes the order id and any override, keeping the US address's state", () => {
    expect(sampleOrder("A-1")).toMatchObject({ client_orderid: "A-1", amount: "10.42", country: "US", state: "WA" });
    expect(sampleOrder("A-1", { amount: "1000", currency: "JPY" })).toMatchObject({ amount: "1000", currency: "JPY" });
  });

  it("with testCard, makes a sale the sandbox accepts and decides by the test values", async () => {
    const id = `sample-${Date.now().toString(36)}`;
    const approved = await gateway().sale({ ...sampleOrder(`${id}-a`), ...testCard() });
    const declined = await gateway().sale({ ...sampleOrder(`${id}-d`), ...testCard({ cvv2: "116" }) });
    if (approved.error) throw approved.error;
    if (declined.error) throw declined.error;
    const statusOf = async (client_orderid: string, orderid: string) =>
      (await gateway().waitForFinalStatus({ client_orderid, orderid })).data?.status;
    expect(await statusOf(`${id}-a`, approved.data["paynet-order-id"])).toBe("approved");
    expect(await statusOf(`${id}-d`, declined.data["paynet-order-id"])).toBe("declined");
  });

  it("carries the state a US address needs where the spec requires it (a payment form)", async () => {
    const id = `form-${Date.now().toString(36)}`;
    const form = await gateway().saleForm(sampleOrder(id));
    expect(form.error).toBeUndefined();
    const { state: _state, ...withoutState } = sampleOrder(`${id}-x`);
    await expect(gateway().saleForm(withoutState as never)).rejects.toThrow(/state: required when country is US/);
  });
});
