import { createGateway, parseClassicReply } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { controlFor } from "./request-signing.testlib.js";
import { dataOf, type Fixture, orderId, paymentBody, startFixture } from "./sandbox-fixture.testlib.js";

let classic: Fixture;
let strict: Sandbox;
beforeAll(async () => {
  classic = await startFixture({ classicReplies: true });
  strict = await startSandbox();
});
afterAll(async () => {
  await classic.sandbox.close();
  await strict.close();
});

const FORM = "application/x-www-form-urlencoded";
const salePath = "/api/v2/sale/{endpointId}";

async function signedSale(sandbox: Sandbox, fields: Record<string, string>): Promise<URLSearchParams> {
  const control = await controlFor(sandbox, salePath, fields);
  return new URLSearchParams({ ...fields, control });
}

/** A request as an older integration sends it: form body, no Accept header. */
async function post(sandbox: Sandbox, path: string, body: URLSearchParams, accept?: string) {
  const headers: Record<string, string> = { "content-type": FORM };
  if (accept !== undefined) headers["accept"] = accept;
  const response = await fetch(`${sandbox.url}${path}`, { method: "POST", headers, body });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
  };
}

describe("classic replies (classicReplies: true)", () => {
  it("answers a request without the vendor Accept in the classic text form: URL-encoded pairs joined by \\n&", async () => {
    const id = orderId("classic");
    const reply = await post(
      classic.sandbox,
      "/api/v2/sale/1111",
      await signedSale(classic.sandbox, { ...paymentBody(id), order_desc: "Two words & more" }),
    );
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe("text/html; charset=utf-8");
    expect(reply.text).toMatch(
      /^type=async-response\n&status=processing\n&merchant-order-id=[^\n]+\n&paynet-order-id=[0-9]+\n&end-point-id=1111\n&serial-number=[0-9a-f-]+\n$/,
    );
    expect(parseClassicReply(reply.text)).toMatchObject({
      type: "async-response",
      status: "processing",
      "merchant-order-id": id,
      "end-point-id": "1111",
    });
  });

  it("answers refusals with HTTP 200 and type=validation-error, as the gateway does for existing clients", async () => {
    const body = await signedSale(classic.sandbox, paymentBody(orderId("classic")));
    body.set("control", "0".repeat(40));
    const reply = await post(classic.sandbox, "/api/v2/sale/1111", body);
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe("text/html; charset=utf-8");
    const parsed = parseClassicReply(reply.text);
    expect(parsed).toMatchObject({ type: "validation-error", "error-code": "2" });
    expect(parsed["error-message"]).toContain("control does not match");
    const unknown = parseClassicReply(
      (await post(classic.sandbox, "/api/v2/no-such-operation/1111", new URLSearchParams({ a: "b" }))).text,
    );
    expect(unknown).toMatchObject({ type: "validation-error" });
    expect(unknown["error-message"]).toContain("unknown operation");
  });

  it("keeps JSON and its 400 for a request that names the vendor type", async () => {
    const body = await signedSale(classic.sandbox, paymentBody(orderId("classic")));
    body.set("control", "0".repeat(40));
    const reply = await post(classic.sandbox, "/api/v2/sale/1111", body, "application/vnd.pay+json");
    expect(reply.status).toBe(400);
    expect(reply.contentType).toContain("application/vnd.pay+json");
    expect(JSON.parse(reply.text)).toMatchObject({ type: "validation-error", "error-code": 2 });
  });

  it("is off by default: without the vendor Accept a request is refused with 400 JSON", async () => {
    const reply = await post(strict, "/api/v2/sale/1111", await signedSale(strict, paymentBody(orderId("strict"))));
    expect(reply.status).toBe(400);
    // fetch sends Accept: */* when none is given, as many HTTP libraries do.
    expect(JSON.parse(reply.text)).toMatchObject({
      type: "validation-error",
      "error-message": "Accept header must name application/vnd.pay+json",
    });
  });
});

describe("the client against classic replies", () => {
  // A fetch that drops the vendor Accept, as an older integration's HTTP stack would.
  // It records the content type of each raw reply: the client hands back a typed reply, not the raw one.
  const rawContentTypes: Array<string | null> = [];
  const classicFetch = async (request: Request) => {
    const headers = new Headers(request.headers);
    headers.delete("accept");
    const response = await fetch(new Request(request, { headers }));
    rawContentTypes.push(response.headers.get("content-type"));
    return response;
  };

  it("reads a classic acknowledgement into the typed reply", async () => {
    const gateway = createGateway({
      baseUrl: classic.sandbox.url,
      endpointId: 1111,
      login: classic.sandbox.login,
      controlKey: classic.sandbox.controlKey,
      fetch: classicFetch,
    });
    const id = orderId("cc");
    rawContentTypes.length = 0;
    const { data, error } = await gateway.sale(paymentBody(id));
    expect(error).toBeUndefined();
    expect(rawContentTypes).toEqual(["text/html; charset=utf-8"]);
    expect(data).toMatchObject({ type: "async-response", "merchant-order-id": id });
  });

  it("treats a classic refusal sent with HTTP 200 as an error", async () => {
    const gateway = createGateway({
      baseUrl: classic.sandbox.url,
      endpointId: 1111,
      login: classic.sandbox.login,
      controlKey: "not-the-key",
      fetch: classicFetch,
    });
    const { data, error, response } = await gateway.sale(paymentBody(orderId("cc")));
    expect(response?.status).toBe(200);
    expect(data).toBeUndefined();
    expect(error?.message).toContain("control does not match");
  });
});

describe("what existing integrations send (the official PHP library)", () => {
  it("accepts a two-digit expire_year, through the client as well", async () => {
    const id = orderId("yy");
    const ack = dataOf(await classic.gateway.sale({ ...paymentBody(id), expire_year: "30" }));
    const status = dataOf(
      await classic.gateway.waitForFinalStatus({ client_orderid: id, orderid: ack["paynet-order-id"] }),
    );
    expect(status).toMatchObject({ status: "approved", "card-exp-year": "30" });
  });

  it("accepts a full capture that signs the held amount and currency without sending them", async () => {
    const id = orderId("held");
    const ack = dataOf(await classic.gateway.preauth(paymentBody(id, "4111111111111111", "10.42")));
    const orderid = ack["paynet-order-id"];
    await classic.gateway.waitForFinalStatus({ client_orderid: id, orderid });
    const fields = { login: classic.sandbox.login, client_orderid: id, orderid };
    const sign = (amount: string) =>
      controlFor(classic.sandbox, "/api/v2/capture/{endpointId}", { ...fields, amount, currency: "USD" });
    const wrong = parseClassicReply(
      (
        await post(
          classic.sandbox,
          "/api/v2/capture/1111",
          new URLSearchParams({ ...fields, control: await sign("10.00") }),
        )
      ).text,
    );
    expect(wrong).toMatchObject({ type: "validation-error", "error-code": "2" });
    const reply = parseClassicReply(
      (
        await post(
          classic.sandbox,
          "/api/v2/capture/1111",
          new URLSearchParams({ ...fields, control: await sign("10.42") }),
        )
      ).text,
    );
    expect(reply).toMatchObject({ type: "async-response", "paynet-order-id": orderid });
    const status = dataOf(await classic.gateway.waitForFinalStatus({ client_orderid: id, orderid }));
    expect(status).toMatchObject({ status: "approved" });
    const { orders } = (await (await fetch(`${classic.sandbox.url}/_admin/orders?q=${orderid}`)).json()) as {
      orders: Array<Record<string, unknown>>;
    };
    expect(orders.find((o) => o["orderid"] === orderid)).toMatchObject({ captured: "10.42" });
  });
});
