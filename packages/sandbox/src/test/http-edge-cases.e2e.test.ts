import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { PAY_JSON, sendRaw, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 5, settleDelayMs: Infinity });
});
afterAll(async () => {
  await sandbox.close();
});

const headers = { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" };

/** A signed sale body whose `order_desc` is `description`, written as raw UTF-8 bytes (not percent-encoded). */
function saleWithRawDescription(description: Buffer): Buffer {
  const fields = signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, orderId("utf8"));
  delete fields["order_desc"];
  return Buffer.concat([
    Buffer.from("order_desc="),
    description,
    Buffer.from(`&${new URLSearchParams(fields).toString()}`),
  ]);
}

describe("requests odd at the HTTP level", () => {
  it("answers 400 to a request target that cannot be parsed as a URL", async () => {
    const reply = await sendRaw(sandbox.url, { path: "http://a:99999/paynet/x", headers, body: "a=b" });
    expect(reply.status).toBe(400);
    expect(reply.contentType).toContain(PAY_JSON);
    expect(JSON.parse(reply.text)).toMatchObject({
      type: "validation-error",
      "error-message": "request target is not a valid URL",
    });
  });

  it("accepts a body holding the UTF-8 bytes of U+FFFD", async () => {
    const reply = await sendRaw(`${sandbox.url}/api/v2/sale/1111`, {
      headers,
      body: saleWithRawDescription(Buffer.from("Caf\uFFFD order", "utf8")),
    });
    expect(reply.status, reply.text).toBe(200);
  });

  it("refuses a body whose bytes are not UTF-8", async () => {
    const reply = await sendRaw(`${sandbox.url}/api/v2/sale/1111`, {
      headers,
      body: saleWithRawDescription(Buffer.from([0x43, 0x61, 0x66, 0xe9])),
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toMatchObject({ "error-message": "request body is not valid UTF-8" });
  });

  it.each(["PUT", "DELETE", "PATCH", "HEAD"])(
    "answers %s on a hosted page with 405 and leaves the page waiting for its form",
    async (method) => {
      const fields = signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, orderId("page"));
      for (const name of ["credit_card_number", "card_printed_name", "expire_month", "expire_year", "cvv2"])
        delete fields[name];
      const created = await sendRaw(`${sandbox.url}/api/v2/sale-form/1111`, {
        headers,
        body: new URLSearchParams(fields).toString(),
      });
      const page = String((JSON.parse(created.text) as Record<string, unknown>)["redirect-url"]);
      const reply = await sendRaw(page, {
        method,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: method === "HEAD" ? "" : "credit_card_number=4111111111111111",
      });
      expect(reply.status).toBe(405);
      expect((await sendRaw(page, { method: "GET" })).status).toBe(200);
    },
  );
});
