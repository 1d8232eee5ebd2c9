import { parseCallback } from "@card-processing/client";
import { describe, expect, it } from "vitest";
import { dataOf, eventually, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const f = fixtureForFile();

async function saleWith(cvv2: string, card = "4111111111111111") {
  const id = orderId(`cvv${cvv2}`);
  const ack = dataOf(
    await f.gateway.sale({ ...paymentBody(id, card), cvv2, server_callback_url: `${f.shop.url}/cb/${id}` }),
  );
  return { id, orderid: ack["paynet-order-id"] };
}

async function finalOf(order: { id: string; orderid: string }) {
  return dataOf(await f.gateway.waitForFinalStatus({ client_orderid: order.id, orderid: order.orderid }));
}

async function callbackOf(order: { id: string }) {
  await eventually(() => f.shop.requests.some((r) => r.url.startsWith(`/cb/${order.id}?`)));
  const request = f.shop.requests.find((r) => r.url.startsWith(`/cb/${order.id}?`));
  return parseCallback(new URL(request?.url ?? "", f.shop.url).searchParams, f.sandbox.controlKey);
}

describe("the documented gateway's CVV2 test values", () => {
  it.each(["123", "1234", "111"])("approves a sale paid with CVV2 %s, without 3-D Secure", async (cvv2) => {
    const status = await finalOf(await saleWith(cvv2));
    expect(status.status).toBe("approved");
    expect(status["error-message"]).toBeUndefined();
  });

  it.each([
    ["101", "Expired card", 54],
    ["116", "Insufficient funds", 51],
    ["119", "Transaction not permitted to cardholder", 57],
    ["209", "Pick-up card, stolen card", 43],
    ["999", "Declined by the issuer (CVV2 is not a sandbox test value)", 5],
  ] as const)(
    "declines CVV2 %s with the reason '%s' in the status reply and the callback",
    async (cvv2, reason, code) => {
      const order = await saleWith(cvv2, "5555555555554444");
      const status = await finalOf(order);
      expect(status).toMatchObject({
        status: "declined",
        "error-message": reason,
        "error-code": code,
        "last-four-digits": "4444",
      });
      const callback = await callbackOf(order);
      expect(callback).toMatchObject({
        status: "declined",
        unsigned: { error_message: reason, error_code: String(code) },
      });
    },
  );

  it("leaves CVV2 217 unknown, as an acquirer network problem does, and says so in the callback", async () => {
    const order = await saleWith("217");
    await eventually(
      async () =>
        dataOf(await f.gateway.status({ client_orderid: order.id, orderid: order.orderid })).status === "unknown",
    );
    const callback = await callbackOf(order);
    expect(callback).toMatchObject({
      status: "unknown",
      unsigned: { error_message: "Acquirer network problem: status unknown" },
    });
  });

  it.each([
    ["hint", "approved"],
    ["guess", "declined"],
  ] as const)("shows the 3-D Secure form for CVV2 321; the password '%s' ends %s", async (password, outcome) => {
    const order = await saleWith("321");
    const pending = dataOf(await f.gateway.status({ client_orderid: order.id, orderid: order.orderid }));
    expect(pending.status).toBe("processing");
    const acs = pending["redirect-url"] ?? "";
    expect(acs).toContain("/paynet/acs/");
    expect(await (await fetch(acs)).text()).toContain('id="password"');
    const submitted = await fetch(acs, { method: "POST", body: new URLSearchParams({ password, transStatus: "Y" }) });
    expect(submitted.status).toBe(200);
    const status = await finalOf(order);
    expect(status.status).toBe(outcome);
    expect(status["three-ds-result"]).toBe(outcome === "approved" ? "AUTHENTICATED" : "NOT_AUTHENTICATED");
  });

  it("keeps the sandbox's own test card numbers: the declining card declines with CVV2 123", async () => {
    const status = await finalOf(await saleWith("123", "4000000000000002"));
    expect(status).toMatchObject({ status: "declined", "error-code": 100 });
  });
});
