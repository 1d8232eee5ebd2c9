import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { PAY_JSON, postForm, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

let sandbox: Sandbox;
const log: string[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 5, settleDelayMs: Infinity, logger: (line) => log.push(line) });
});
afterAll(async () => {
  await sandbox.close();
});

const credentials = () => ({ endpointId: "1111", controlKey: sandbox.controlKey });
const unusable = [
  "http://127.0.0.1:99999/cb",
  "https://",
  "http://%00/cb",
  "http://256.1.1.1/cb",
  "http://a@/cb",
  "https://user:pass@127.0.0.1/cb",
  "https://user@shop.example/cb",
];

describe("URL fields must be URLs the sandbox can use", () => {
  it.each(unusable)(
    "refuses a signed sale whose server_callback_url is %s, naming the field and the rule",
    async (url) => {
      const reply = await postForm(
        sandbox.url,
        "/api/v2/sale/1111",
        signedSaleBody(credentials(), orderId("url"), { server_callback_url: url }),
      );
      expect(reply.status).toBe(400);
      expect(reply.contentType).toContain(PAY_JSON);
      const message = String((JSON.parse(reply.text) as Record<string, unknown>)["error-message"]);
      expect(message).toMatch(/field 'server_callback_url' must be an absolute http or https URL/);
    },
  );

  it("refuses a server_callback_url with user info at the request, saying so", async () => {
    const reply = await postForm(
      sandbox.url,
      "/api/v2/sale/1111",
      signedSaleBody(credentials(), orderId("url"), { server_callback_url: "https://user:pass@shop.example/cb" }),
    );
    expect(reply.status).toBe(400);
    expect(reply.text).toMatch(/field 'server_callback_url' must be an absolute http or https URL .*no user info/);
    expect(reply.text).not.toContain("pass@");
  });

  it("refuses the same URLs in redirect_url", async () => {
    const reply = await postForm(
      sandbox.url,
      "/api/v2/sale/1111",
      signedSaleBody(credentials(), orderId("url"), { redirect_url: "http://256.1.1.1/back" }),
    );
    expect(reply.status).toBe(400);
    expect(reply.text).toMatch(/field 'redirect_url' must be an absolute http or https URL/);
  });

  it.each(["server_callback_url", "notify_url"])(
    "refuses a %s that points at the sandbox's own admin API, and fetches nothing there",
    async (field) => {
      const own = new URL(sandbox.url);
      const before = sandbox.requests().length;
      for (const url of [
        `${sandbox.url}/_admin/orders?limit=1`,
        `http://localhost:${own.port}/paynet/_admin/requests`,
        `http://127.0.0.1:${own.port}/paynet/_dashboard/events`,
      ]) {
        const reply = await postForm(
          sandbox.url,
          "/api/v2/sale/1111",
          signedSaleBody(credentials(), orderId("own"), { [field]: url }),
        );
        expect(reply.status).toBe(400);
        const message = String((JSON.parse(reply.text) as Record<string, unknown>)["error-message"]);
        expect(message).toMatch(new RegExp(`^field '${field}' must not point at the sandbox's own /paynet/_`));
      }
      expect(
        sandbox
          .requests()
          .slice(before)
          .map((r) => r.http_status),
      ).toEqual([400, 400, 400]);
      expect(sandbox.callbacks().filter((d) => d.url.includes("/_admin") || d.url.includes("/_dashboard"))).toEqual([]);
    },
  );

  it("keeps serving and finishes a valid sale with a callback URL after the refusals", async () => {
    const id = orderId("url-ok");
    const reply = await postForm(
      sandbox.url,
      "/api/v2/sale/1111",
      signedSaleBody(credentials(), id, { server_callback_url: "http://127.0.0.1:9/cb" }),
    );
    expect(reply.status).toBe(200);
    const orderid = String((JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"]);
    await expect
      .poll(() => log.some((line) => line.includes(`order ${orderid} sale: processing -> approved`)))
      .toBe(true);
    await expect
      .poll(() => sandbox.callbacks().find((d) => d.orderid === orderid)?.attempts.length ?? 0)
      .toBeGreaterThan(0);
  });
});
