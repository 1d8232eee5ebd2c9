// The shop's tests: an in-process sandbox, the customer played by sandbox.payHostedPage, callbacks
// awaited with sandbox.waitForCallback, forged callbacks built with signCallback. No HTML scraping.
import { createGateway, signCallback } from "@card-processing/client";
import { type Sandbox, type SandboxOptions, startSandbox } from "@card-processing/sandbox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Shop, startShop } from "./shop.js";

/** A sandbox and the shop wired to it, as a test of the shop would start them. */
async function startShopAndSandbox(options: SandboxOptions = {}): Promise<{ sandbox: Sandbox; shop: Shop }> {
  const sandbox = await startSandbox({ latencyMs: 50, ...options });
  const gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    polling: { firstDelayMs: [20, 40] }, // the documented 3-5 s cadence is for production
  });
  return { sandbox, shop: await startShop({ gateway, controlKey: sandbox.controlKey }) };
}

let sandbox: Sandbox;
let shop: Shop;
beforeAll(async () => {
  ({ sandbox, shop } = await startShopAndSandbox());
});
beforeEach(() => sandbox.reset());
afterAll(async () => {
  await shop.close();
  await sandbox.close();
});

/** The customer presses "Buy": the shop answers with a redirect to the gateway's hosted page. */
async function checkout(
  shop: Shop,
  amount: string,
): Promise<{ hostedPage: string; clientOrderId: string; orderid: string }> {
  const response = await fetch(`${shop.url}/checkout`, {
    method: "POST",
    body: new URLSearchParams({ amount, email: "jane@example.com" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  const order = [...shop.orders.values()].at(-1);
  return {
    hostedPage: response.headers.get("location") ?? "",
    clientOrderId: order?.clientOrderId ?? "",
    orderid: order?.orderid ?? "",
  };
}

/** The customer's browser comes back to the shop with what the hosted page posts. */
async function comeBack(back: { url: string; fields: Readonly<Record<string, string>> }): Promise<string> {
  const response = await fetch(back.url, { method: "POST", body: new URLSearchParams(back.fields) });
  return response.text();
}

describe("the shop", () => {
  it("takes a payment on the hosted page, thanks the customer and marks the order paid once the callback arrives", async () => {
    const { hostedPage, clientOrderId, orderid } = await checkout(shop, "25.00");
    const back = await sandbox.payHostedPage(hostedPage, { card: "4111111111111111", cvv2: "123" });
    expect(back.url).toBe(`${shop.url}/return`);
    expect(await comeBack(back)).toContain("Thank you");
    await sandbox.waitForCallback({ orderid, type: "sale" }, { timeoutMs: 2_000 });
    expect(shop.orders.get(clientOrderId)?.state).toBe("paid");
  });

  it("tells the customer a declined card failed", async () => {
    const { hostedPage, clientOrderId } = await checkout(shop, "25.00");
    const back = await sandbox.payHostedPage(hostedPage, { cvv2: "116" }); // insufficient funds
    expect(await comeBack(back)).toContain("Payment failed");
    expect(shop.orders.get(clientOrderId)?.state).toBe("failed");
  });

  it("shows the still-processing page when the customer is back before the outcome", async () => {
    // A manual clock: the payment stays processing until the test moves time on, however slow the machine.
    const manual = await startShopAndSandbox({ clock: "manual", latencyMs: 1_000 });
    try {
      const { hostedPage, clientOrderId, orderid } = await checkout(manual.shop, "25.00");
      const back = await manual.sandbox.payHostedPage(hostedPage, { returnBeforeOutcome: true });
      expect(back.fields["status"]).toBe("processing");
      expect(await comeBack(back)).toContain("Still processing");
      expect(manual.shop.orders.get(clientOrderId)?.state).toBe("awaiting-payment");
      await manual.sandbox.clock.advance(1_000); // the outcome, and its callback delivered
      await manual.sandbox.waitForCallback({ orderid, type: "sale" }, { timeoutMs: 2_000 });
      expect(manual.shop.orders.get(clientOrderId)?.state).toBe("paid");
    } finally {
      await manual.shop.close();
      await manual.sandbox.close();
    }
  });

  it("refunds part of a paid order and knows the gateway confirmed that refund", async () => {
    const { hostedPage, clientOrderId, orderid } = await checkout(shop, "25.00");
    await comeBack(await sandbox.payHostedPage(hostedPage));
    await expect(shop.refund(clientOrderId, "4.00")).resolves.toBe("approved");
    expect(shop.orders.get(clientOrderId)?.refunds).toEqual(["4.00"]);
    await sandbox.waitForCallback({ orderid, type: "reversal" }, { timeoutMs: 2_000 });
    expect(shop.orders.get(clientOrderId)?.state).toBe("paid");
  });

  it("refuses a forged callback with 403 and leaves the order unpaid", async () => {
    const { clientOrderId, orderid } = await checkout(shop, "25.00");
    const forged = await signCallback(
      { status: "approved", orderid, client_orderid: clientOrderId, type: "sale" },
      "not-the-control-key",
    );
    const response = await fetch(`${shop.url}/callback?${forged}`);
    expect(response.status).toBe(403);
    expect(shop.orders.get(clientOrderId)?.state).toBe("awaiting-payment");
  });

  it("does not believe a genuine-looking callback the gateway's status contradicts", async () => {
    const { clientOrderId, orderid } = await checkout(shop, "25.00");
    // Signed with the right key, but the customer never paid: the status says processing.
    const early = await signCallback(
      { status: "approved", orderid, client_orderid: clientOrderId, type: "sale", amount: "25.00" },
      sandbox.controlKey,
    );
    expect((await fetch(`${shop.url}/callback?${early}`)).status).toBe(200);
    expect(shop.orders.get(clientOrderId)?.state).toBe("awaiting-payment");
  });
});
