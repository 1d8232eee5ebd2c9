import { describe, expect, it } from "vitest";
import { customerFields, dataOf, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const f = fixtureForFile({ clock: "manual" });

describe("the dashboard's routes on 127.0.0.1", () => {
  it("serves one page with no external address and a policy that allows only this origin", async () => {
    const response = await fetch(f.sandbox.dashboardUrl);
    expect(response.status).toBe(200);
    expect(f.sandbox.dashboardUrl).toBe(`${f.sandbox.url}/_dashboard`);
    expect(f.sandbox.adminToken).toBeUndefined();
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    const html = await response.text();
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).toContain("<h1>Sandbox dashboard</h1>");
  });

  it("keeps the requests of an order redacted: first six and last four digits, no CVV, no control", async () => {
    const id = orderId("redact");
    const ack = dataOf(
      await f.gateway.sale({ ...paymentBody(id, "4111111111111111"), server_callback_url: `${f.shop.url}/cb` }),
    );
    await f.sandbox.clock.advance(1_000);
    const detail = (await (await fetch(`${f.sandbox.url}/_admin/orders/${ack["paynet-order-id"]}`)).json()) as {
      order: { status: string; card: string };
      requests: Array<{ operation: string; fields: Record<string, string> }>;
      timeline: Array<{ kind: string; text: string }>;
      callbacks: Array<{ params: Record<string, string>; attempts: Array<{ httpStatus?: number; answer?: string }> }>;
    };
    expect(detail.order).toMatchObject({ status: "approved", card: "VISA 411111…1111" });
    const sale = detail.requests.find((r) => r.operation === "sale");
    expect(sale?.fields["credit_card_number"]).toBe("411111******1111");
    expect(sale?.fields).not.toHaveProperty("cvv2");
    expect(sale?.fields).not.toHaveProperty("control");
    expect(JSON.stringify(detail)).not.toMatch(/4111111111111111|"123"/);
    expect(detail.timeline.map((t) => t.kind)).toEqual(expect.arrayContaining(["request", "status", "callback"]));
    expect(detail.callbacks[0]?.params).not.toHaveProperty("control");
    expect(detail.callbacks[0]?.attempts[0]).toMatchObject({
      httpStatus: 200,
      answer: "<h1>OK, shop received it</h1>",
    });
  });

  it("keeps a hosted page submission on the order's record, redacted like API requests", async () => {
    const reply = dataOf(await f.gateway.saleForm(customerFields(orderId("hosted"))));
    const form = new URLSearchParams({
      credit_card_number: "5555555555554444",
      card_printed_name: "JANE DOE",
      expire_month: "09",
      expire_year: "2031",
      cvv2: "123",
    });
    const submitted = await fetch(reply["redirect-url"], { method: "POST", body: form, redirect: "manual" });
    expect(submitted.status).toBeLessThan(500);
    const detail = (await (await fetch(`${f.sandbox.url}/_admin/orders/${reply["paynet-order-id"]}`)).json()) as {
      requests: Array<{ operation: string; fields: Record<string, string> }>;
      timeline: Array<{ text: string }>;
    };
    const page = detail.requests.find((r) => r.operation === "hosted page submitted");
    expect(page?.fields).toEqual({
      credit_card_number: "555555******4444",
      card_printed_name: "JANE DOE",
      expire_month: "09",
      expire_year: "2031",
    });
    expect(detail.timeline.map((t) => t.text)).toContainEqual(
      expect.stringMatching(/^hosted page submitted request: HTTP/),
    );
  });

  it("streams a change event when an order is created", async () => {
    const controller = new AbortController();
    const response = await fetch(`${f.sandbox.url}/_dashboard/events`, { signal: controller.signal });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain(": connected");
    await f.gateway.sale(paymentBody(orderId("sse")));
    while (!text.includes("event: change")) text += decoder.decode((await reader.read()).value);
    expect(text).toMatch(/data: \{"kind":"(order|request)","orderid":"[0-9]+"\}/);
    controller.abort();
  });

  it("refuses a cross-site POST to an admin route with 403 and accepts a same-origin one", async () => {
    const cross = await fetch(`${f.sandbox.url}/_admin/clock`, {
      method: "POST",
      headers: { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "advance_ms=1000",
    });
    expect(cross.status).toBe(403);
    const site = await fetch(`${f.sandbox.url}/_admin/reset`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(site.status).toBe(403);
    const same = await fetch(`${f.sandbox.url}/_admin/clock`, {
      method: "POST",
      headers: {
        origin: new URL(f.sandbox.url).origin,
        "sec-fetch-site": "same-origin",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "advance_ms=1000",
    });
    expect(same.status).toBe(200);
  });

  it("refuses a Host that is not loopback, as DNS rebinding would send", async () => {
    const { request } = await import("node:http");
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        `${f.sandbox.url}/_admin/orders`,
        { headers: { host: `rebind.example:${f.sandbox.port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});
