import { parseCustomerReturn } from "@card-processing/client";
import { describe, expect, it } from "vitest";
import { LATENCY_MS, startManualFixture } from "./manual-clock.testlib.js";
import {
  customerFields,
  dataOf,
  type Fixture,
  fixtureForFile,
  orderId,
  startFixture,
} from "./sandbox-fixture.testlib.js";

const f = fixtureForFile();

async function formOrder(fixture: Fixture, amount = "25.00") {
  const id = orderId("hp");
  const reply = dataOf(
    await fixture.gateway.saleForm({
      ...customerFields(id, amount),
      redirect_url: `${f.shop.url}/return`,
      server_callback_url: `${f.shop.url}/callback`,
    }),
  );
  return { id, orderid: reply["paynet-order-id"], redirectUrl: reply["redirect-url"] ?? "" };
}

describe("sandbox.payHostedPage", () => {
  it("pays the hosted page and resolves to the signed fields the browser posts to redirect_url", async () => {
    const { id, orderid, redirectUrl } = await formOrder(f);
    const back = await f.sandbox.payHostedPage(redirectUrl, { cvv2: "123" });
    expect(back.url).toBe(`${f.shop.url}/return`);
    expect(back.method).toBe("POST");
    expect(back.fields).toMatchObject({ status: "approved", orderid, merchant_order: id, client_orderid: id });
    const verified = await parseCustomerReturn(new URLSearchParams(back.fields), f.sandbox.controlKey);
    expect(verified.status).toBe("approved");
    expect(dataOf(await f.gateway.status({ client_orderid: id, orderid })).status).toBe("approved");
  });

  it("declines by CVV2 test value and names the reason in the status", async () => {
    const { id, orderid, redirectUrl } = await formOrder(f);
    const back = await f.sandbox.payHostedPage(redirectUrl, { cvv2: "116" });
    expect(back.fields["status"]).toBe("declined");
    expect(dataOf(await f.gateway.status({ client_orderid: id, orderid }))["error-message"]).toMatch(
      /Insufficient funds/,
    );
  });

  it("passes or fails the ACS page of a 3-D Secure card", async () => {
    const passed = await formOrder(f);
    expect((await f.sandbox.payHostedPage(passed.redirectUrl, { cvv2: "321" })).fields["status"]).toBe("approved");
    const failed = await formOrder(f);
    expect(
      (await f.sandbox.payHostedPage(failed.redirectUrl, { cvv2: "321", threeDSecure: "fail" })).fields["status"],
    ).toBe("declined");
  });

  it("shows its submissions of the hosted and ACS pages on the order's timeline, redacted, in the order they came", async () => {
    const { orderid, redirectUrl } = await formOrder(f);
    await f.sandbox.payHostedPage(redirectUrl, { cvv2: "321" });
    const response = await fetch(`${f.sandbox.url}/_admin/orders/${orderid}`);
    const detail = (await response.json()) as {
      requests: Array<{ operation: string; http_status: number; fields: Record<string, string> }>;
      timeline: Array<{ text: string }>;
    };
    const pages = detail.requests.filter((r) => r.operation.endsWith("page submitted"));
    expect(pages.map((r) => [r.operation, r.http_status])).toEqual([
      ["hosted page submitted", 303],
      ["ACS page submitted", 200],
    ]);
    expect(pages[0]?.fields).toMatchObject({ credit_card_number: "411111******1111" });
    expect(JSON.stringify(detail)).not.toMatch(/4111111111111111|"cvv2"|"password"/);
    const texts = detail.timeline.map((t) => t.text);
    const submitted = texts.findIndex((t) => t.startsWith("hosted page submitted request"));
    const approved = texts.findIndex((t) => t.endsWith("-> approved"));
    expect(submitted).toBeGreaterThanOrEqual(0);
    expect(approved).toBeGreaterThan(submitted);
  });

  it("refuses a card the form refuses, an address that is no hosted page, and a second payment", async () => {
    const { redirectUrl } = await formOrder(f);
    await expect(f.sandbox.payHostedPage(redirectUrl, { card: "4111111111111112" })).rejects.toThrow(/Luhn/);
    await expect(f.sandbox.payHostedPage("https://f.shop.example.com/pay")).rejects.toThrow(
      /redirect-url of a -form reply/,
    );
    await f.sandbox.payHostedPage(redirectUrl);
    await expect(f.sandbox.payHostedPage(redirectUrl)).rejects.toThrow(/already submitted/);
  });

  it("comes back while the payment is still processing when asked to", async () => {
    const { id, orderid, redirectUrl } = await formOrder(f);
    const back = await f.sandbox.payHostedPage(redirectUrl, { returnBeforeOutcome: true });
    expect(back.fields["status"]).toBe("processing");
    const final = await f.gateway.waitForFinalStatus({ client_orderid: id, orderid });
    expect(dataOf(final).status).toBe("approved");
  });

  it("with the sandbox option, sends the browser back from the hosted page before the outcome", async () => {
    const early = await startFixture({ returnBeforeOutcome: true, latencyMs: 60_000 });
    try {
      const { redirectUrl } = await formOrder(early);
      const page = await fetch(redirectUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          credit_card_number: "4111111111111111",
          card_printed_name: "JOHN SMITH",
          expire_month: "12",
          expire_year: "2030",
          cvv2: "123",
        }),
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('name="status" value="processing"');
    } finally {
      await early.sandbox.close();
    }
  });

  it("with a manual clock, comes back processing; the advance brings the outcome and its callback", async () => {
    const manual = await startManualFixture();
    try {
      const { orderid, redirectUrl } = await formOrder(manual);
      expect((await manual.sandbox.payHostedPage(redirectUrl)).fields["status"]).toBe("processing");
      const waiting = manual.sandbox.waitForCallback({ orderid, type: "sale" }, { timeoutMs: 2_000 });
      await manual.sandbox.clock.advance(LATENCY_MS);
      const delivery = await waiting;
      expect(delivery).toMatchObject({ orderid, type: "sale", status: "approved", state: "delivered" });
    } finally {
      await manual.sandbox.close();
    }
  });
});

describe("sandbox.waitForCallback", () => {
  it("resolves once a matching callback was answered 200, and at once when it already was", async () => {
    const { orderid, redirectUrl } = await formOrder(f);
    const waiting = f.sandbox.waitForCallback({ orderid, type: "sale", status: "approved" }, { timeoutMs: 3_000 });
    await f.sandbox.payHostedPage(redirectUrl);
    const delivery = await waiting;
    expect(delivery.attempts.at(-1)?.httpStatus).toBe(200);
    expect(f.shop.requests.some((r) => r.url.includes(`orderid=${orderid}`))).toBe(true);
    await expect(f.sandbox.waitForCallback({ orderid }, { timeoutMs: 1 })).resolves.toBe(delivery);
  });

  it("rejects after timeoutMs naming what the order's callbacks did", async () => {
    const { orderid, redirectUrl } = await formOrder(f);
    await f.sandbox.payHostedPage(redirectUrl);
    await f.sandbox.waitForCallback({ orderid });
    await expect(f.sandbox.waitForCallback({ orderid, type: "reversal" }, { timeoutMs: 50 })).rejects.toThrow(
      new RegExp(
        `no reversal callback of order ${orderid} was answered 200 within 50 ms; sent: #\\d+ sale approved delivered`,
      ),
    );
  });

  it("gives the first endpoint id as endpointId", () => {
    expect(f.sandbox.endpointId).toBe("1111");
    expect(f.sandbox.endpointIds).toEqual(["1111"]);
  });
});
