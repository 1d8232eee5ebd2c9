import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCustomerReturn } from "@card-processing/client";
import { afterEach, describe, expect, it } from "vitest";
import { startSandbox } from "../start-sandbox.js";
import {
  customerFields,
  dataOf,
  fixtureForFile,
  orderId,
  paymentBody,
  startFixture,
} from "./sandbox-fixture.testlib.js";

const lifetime = 30 * 60_000;
const f = fixtureForFile({ clock: "manual", latencyMs: 1_000 });

afterEach(() => f.sandbox.reset());

async function saleForm(id = orderId("life")) {
  const reply = dataOf(
    await f.gateway.saleForm({
      ...customerFields(id),
      redirect_url: `${f.shop.url}/return`,
      server_callback_url: `${f.shop.url}/callback`,
    }),
  );
  return { id, orderid: reply["paynet-order-id"], url: reply["redirect-url"] };
}

const card = { credit_card_number: "4111111111111111", card_printed_name: "JANE DOE", expire_month: "09" };
const cardForm = () => new URLSearchParams({ ...card, expire_year: "2031", cvv2: "123" });

/** The hidden fields of the page's way back to the shop, checked with the merchant's control key. */
async function wayBack(html: string) {
  expect(html).toContain(`action="${f.shop.url}/return"`);
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.set(m[1] ?? "", m[2] ?? "");
  return parseCustomerReturn(fields, f.sandbox.controlKey);
}

describe("the payment link's lifetime, on the sandbox's clock", () => {
  it("takes a payment until its lifetime is over, then says it has expired and declines the order with its callback", async () => {
    const order = await saleForm();
    await f.sandbox.clock.advance(lifetime - 1);
    expect((await fetch(order.url)).status).toBe(200);
    await f.sandbox.clock.advance(1);

    const status = dataOf(await f.gateway.status({ client_orderid: order.id, orderid: order.orderid }));
    expect(status).toMatchObject({ status: "declined", "error-message": expect.stringMatching(/expired/) });
    const callback = await f.sandbox.waitForCallback({ orderid: order.orderid });
    expect(callback).toMatchObject({ status: "declined", type: "sale" });

    const shown = await fetch(order.url);
    expect(shown.status).toBe(410);
    const html = await shown.text();
    expect(html).toContain("This payment page has expired");
    expect(await wayBack(html)).toMatchObject({ status: "declined", orderid: order.orderid, merchant_order: order.id });

    // A form still open in a tab is refused: nothing is charged after the lifetime.
    const late = await fetch(order.url, { method: "POST", body: cardForm() });
    expect(late.status).toBe(410);
    expect(dataOf(await f.gateway.status({ client_orderid: order.id, orderid: order.orderid })).status).toBe(
      "declined",
    );
    await expect(f.sandbox.payHostedPage(order.url)).rejects.toThrow(/expired/);
  });

  it("ends the ACS page of a 3-D Secure sale the customer never opens after the same lifetime", async () => {
    const id = orderId("life3");
    const ack = dataOf(
      await f.gateway.sale({ ...paymentBody(id, "4000000000003220"), redirect_url: `${f.shop.url}/return` }),
    );
    const acs = dataOf(await f.gateway.status({ client_orderid: id, orderid: ack["paynet-order-id"] }))["redirect-url"];
    await f.sandbox.clock.advance(lifetime);
    const reply = await fetch(acs ?? "");
    expect(reply.status).toBe(410);
    expect(dataOf(await f.gateway.status({ client_orderid: id, orderid: ack["paynet-order-id"] })).status).toBe(
      "declined",
    );
  });

  it("follows pageLifetimeMs, and refuses one that is not a whole number of milliseconds", async () => {
    const short = await startFixture({ clock: "manual", pageLifetimeMs: 60_000 });
    try {
      const url = dataOf(await short.gateway.saleForm(customerFields(orderId("lifes"))))["redirect-url"];
      await short.sandbox.clock.advance(59_999);
      expect((await fetch(url)).status).toBe(200);
      await short.sandbox.clock.advance(1);
      expect((await fetch(url)).status).toBe(410);
    } finally {
      await short.sandbox.close();
    }
    await expect(startSandbox({ pageLifetimeMs: 0 })).rejects.toThrow(/pageLifetimeMs/);
    await expect(startSandbox({ pageLifetimeMs: 1.5 })).rejects.toThrow(/pageLifetimeMs/);
  });

  it("goes on expiring a page after a restart from its data directory", async () => {
    const dir = await mkdtemp(join(tmpdir(), "page-lifetime-"));
    try {
      const first = await startFixture({ clock: "manual", dataDir: dir, controlKey: "k" });
      const reply = dataOf(await first.gateway.saleForm(customerFields(orderId("lifed"))));
      await first.sandbox.close();
      const again = await startFixture({ clock: "manual", dataDir: dir, controlKey: "k" });
      await again.sandbox.clock.advance(lifetime);
      expect(again.sandbox.orders().orders[0]?.status).toBe("declined");
      expect((await fetch(reply["redirect-url"].replace(first.sandbox.url, again.sandbox.url))).status).toBe(410);
      await again.sandbox.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the way back to the shop", () => {
  it("cancels: the order is declined, its callback sent, and the customer returns to redirect_url with that status", async () => {
    const order = await saleForm();
    const page = await (await fetch(order.url)).text();
    expect(page).toContain("Cancel and return to the shop");
    const reply = await fetch(order.url, { method: "POST", body: new URLSearchParams({ cancel: "1" }) });
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(await wayBack(html)).toMatchObject({ status: "declined", orderid: order.orderid });
    const status = dataOf(await f.gateway.status({ client_orderid: order.id, orderid: order.orderid }));
    expect(status).toMatchObject({ status: "declined", "error-message": "Payment cancelled by the customer" });
    expect((await f.sandbox.waitForCallback({ orderid: order.orderid })).status).toBe("declined");
    // Nothing of a card reached the order: the cancel form carries none.
    const submitted = f.sandbox.requests({ orderid: order.orderid, operation: "hosted page submitted" });
    expect(submitted.map((r) => r.fields)).toEqual([{ cancel: "1" }]);
  });

  it("offers the shop from the already-submitted page, with the order's signed status", async () => {
    const order = await saleForm();
    await fetch(order.url, { method: "POST", body: cardForm() });
    await f.sandbox.clock.advance(1_000);
    const again = await fetch(order.url, { method: "POST", body: cardForm() });
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toContain("This page was already submitted");
    expect(await wayBack(html)).toMatchObject({ status: "approved", orderid: order.orderid });
  });
});
