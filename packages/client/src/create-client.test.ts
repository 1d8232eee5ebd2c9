import { createHash } from "node:crypto";
import { createSigningMiddleware, DetachedFormRequest, type PrepareInput } from "@card-processing/signing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient } from "./create-client.js";
import { NetworkError } from "./network-error.js";
import type { RequestLogEntry } from "./request-log.js";
import { ServerError } from "./server-error.js";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../test/test-server.js";
import { TimeoutError } from "./timeout-error.js";
import { UsageError } from "./usage-error.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const statusPath = "/api/v2/status/{endpointId}" as const;
const salePath = "/api/v2/sale/{endpointId}" as const;
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

describe("createClient", () => {
  it("sends a form-encoded body with the vendor Accept header under the base path prefix", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    await client.POST(statusPath, {
      params: { path: { endpointId: 1111 } },
      body: { login: "merchant", client_orderid: "902B4FF5", orderid: "1234567", control: "x" },
    });
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/paynet/api/v2/status/1111");
    expect(request?.headers["accept"]).toBe("application/vnd.pay+json");
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.body).toBe("login=merchant&client_orderid=902B4FF5&orderid=1234567&control=x");
  });

  it("returns the JSON reply as data with paynet-order-id as a string", async () => {
    server = await startTestServer(() => ({ body: asyncReply({ "paynet-order-id": 1234567 }) }));
    const client = createClient({ baseUrl: server.url });
    const { data, error, response } = await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.["paynet-order-id"]).toBe("1234567");
    expect(data?.type).toBe("async-response");
  });

  it("parses the classic text reply into the same object as the JSON one", async () => {
    const text =
      "type=async-response\n&status=processing\n&serial-number=00000000-0000-0000-0000-0000026f8e3a\n" +
      "&merchant-order-id=902B4FF5\n&paynet-order-id=1234567\n&end-point-id=1111\n";
    server = await startTestServer(() => ({ body: text, headers: { "content-type": "text/plain; charset=utf-8" } }));
    const client = createClient({ baseUrl: server.url });
    const { data } = await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(data).toEqual({ ...asyncReply({ "paynet-order-id": "1234567" }), "end-point-id": "1111" });
  });

  it("returns a 200 reply of type validation-error as error, not data", async () => {
    const refusal = { type: "validation-error", "error-message": "email: is invalid", "error-code": 1, "serial-number": "s-9" };
    server = await startTestServer(() => ({ status: 200, body: refusal }));
    const client = createClient({ baseUrl: server.url });
    const result = await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual(refusal);
    expect(result.response.status).toBe(200);
  });

  it("returns a 500 reply in the classic form as a parsed error", async () => {
    server = await startTestServer(() => ({
      status: 500,
      body: "type=error\n&error-message=Internal+error\n&error-code=2\n&serial-number=s-5\n",
      headers: { "content-type": "text/plain" },
    }));
    const client = createClient({ baseUrl: server.url });
    const { error } = await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(error).toEqual({ type: "error", "error-message": "Internal error", "error-code": 2, "serial-number": "s-5" });
  });

  it("throws ServerError ERR_REPLY_UNREADABLE for a 200 that is neither form", async () => {
    server = await startTestServer(() => ({ body: "<html>oops</html>", headers: { "content-type": "text/html" } }));
    const client = createClient({ baseUrl: server.url });
    const call = client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    await expect(call).rejects.toBeInstanceOf(ServerError);
    await expect(call).rejects.toMatchObject({ code: "ERR_REPLY_UNREADABLE" });
  });

  it("throws TimeoutError when no reply comes within timeoutMs", async () => {
    server = await startTestServer(() => ({ body: asyncReply(), delayMs: 500 }));
    const client = createClient({ baseUrl: server.url, timeoutMs: 50 });
    const started = Date.now();
    const call = client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    await expect(call).rejects.toBeInstanceOf(TimeoutError);
    await expect(call).rejects.toMatchObject({ code: "ERR_TIMEOUT", timeoutMs: 50 });
    await expect(call).rejects.toThrow(/sale moves money and is never retried automatically: query the status by client_orderid "902B4FF5"/);
    expect(Date.now() - started).toBeLessThan(450);
  });

  it("rejects with the caller's abort reason, not a TimeoutError, when the caller aborts", async () => {
    server = await startTestServer(() => ({ body: asyncReply(), delayMs: 500 }));
    const client = createClient({ baseUrl: server.url, timeoutMs: 5_000 });
    const controller = new AbortController();
    const call = client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("throws NetworkError naming the client_orderid when the connection drops on a payment", async () => {
    server = await startTestServer(() => ({ destroy: true }));
    const client = createClient({ baseUrl: server.url });
    const error = await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: "ERR_NETWORK", operationId: "sale", clientOrderId: "902B4FF5" });
    expect(server.requests).toHaveLength(1);
  });

  it("throws UsageError before sending when a required field is missing", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    const { email: _email, ...withoutEmail } = saleBody;
    const call = client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: withoutEmail as typeof saleBody });
    await expect(call).rejects.toBeInstanceOf(UsageError);
    await expect(call).rejects.toMatchObject({ code: "ERR_FIELD_MISSING", field: "email" });
    expect(server.requests).toHaveLength(0);
  });

  it("words each refusal as operation, field and rule, with the signing package's amount rules", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    const send = (body: Record<string, unknown>) =>
      client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: body as typeof saleBody }).catch((e: unknown) => e);
    const cases: Array<[Record<string, unknown>, string, string, RegExp]> = [
      [{ ...saleBody, email: "" }, "ERR_FIELD_MISSING", "email", /^sale: email: required$/],
      [{ ...saleBody, currency: "XYZ" }, "ERR_CURRENCY_UNKNOWN", "currency", /^sale: currency: expected an ISO 4217 code such as USD$/],
      [{ ...saleBody, amount: "1e3" }, "ERR_AMOUNT_INVALID", "amount", /^sale: amount: expected a plain non-negative decimal such as 10\.42$/],
      [{ ...saleBody, amount: "10.425" }, "ERR_AMOUNT_INVALID", "amount", /^sale: amount: has 3 fraction digits; USD allows at most 2$/],
    ];
    for (const [body, code, field, message] of cases) {
      const error = await send(body);
      expect(error, field).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code, field, message: expect.stringMatching(message) });
    }
    // capture takes an optional amount, which needs its currency.
    const capture = { client_orderid: "902B4FF5", orderid: "1234567", amount: "1.00" };
    const error = await client.POST("/api/v2/capture/{endpointId}", { params: { path: { endpointId: 1111 } }, body: capture }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "ERR_FIELD_MISSING", field: "currency", message: "capture: currency: required with amount" });
    expect(server.requests).toHaveLength(0);
  });

  it("sends through the injected fetch", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const seen: string[] = [];
    const client = createClient({
      baseUrl: server.url,
      fetch: (request) => {
        seen.push(request.url);
        return fetch(request);
      },
    });
    await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(seen).toEqual([`${server.url}/api/v2/sale/1111`]);
  });

  it("gives an injected fetch a standard, signed request with its body and signal inside", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const seen: Request[] = [];
    const client = createClient({
      baseUrl: server.url,
      fetch: (request) => {
        seen.push(request);
        return fetch(request);
      },
    });
    client.use(createSigningMiddleware({ login: "merchant", controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20" }));
    const controller = new AbortController();
    await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody, signal: controller.signal });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBeInstanceOf(DetachedFormRequest);
    expect(server.requests[0]?.form.get("control")).toBe("c6bdd88a78834ef4b863b088827a459f039e8257");
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("refuses a request that a middleware replaced with a copy without its body", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    // openapi-fetch accepts only the configured request class back from a middleware.
    client.use({ onRequest: ({ request }) => new DetachedFormRequest(request, { headers: { "X-Trace": "1" } }) });
    const call = client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    await expect(call).rejects.toMatchObject({ name: "UsageError", code: "ERR_REQUEST_REPLACED" });
    expect(server.requests).toHaveLength(0);
  });

  it("signs with the signing middleware: control over endpointId, client_orderid, minor-unit amount and email", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
    client.use(createSigningMiddleware({ login: "merchant", controlKey }));
    await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    const control = server.requests[0]?.form.get("control");
    expect(control).toBe("c6bdd88a78834ef4b863b088827a459f039e8257");
    expect(control).toBe(sha1(`1111902B4FF51042john.smith@gmail.com${controlKey}`));
  });

  it("lets a signer start its digest once the body is checked and before the request is built; ejecting it stops that", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    const events: string[] = [];
    const prepared: PrepareInput[] = [];
    const preparing = {
      prepareSignature(input: PrepareInput) {
        events.push("prepare");
        prepared.push(input);
      },
      onRequest() {
        events.push("onRequest");
      },
    };
    client.use(preparing);
    const params = { path: { endpointId: 1111 } };
    await client.POST(salePath, { params, body: saleBody });
    expect(events).toEqual(["prepare", "onRequest"]);
    expect(prepared[0]?.schemaPath).toBe(salePath);
    expect(prepared[0]?.params).toBe(params);
    expect(prepared[0]?.body).toBe(saleBody);

    const { email: _email, ...withoutEmail } = saleBody;
    await expect(client.POST(salePath, { params, body: withoutEmail as typeof saleBody })).rejects.toMatchObject({ field: "email" });
    expect(events).toHaveLength(2);

    client.eject(preparing);
    await client.POST(salePath, { params, body: saleBody });
    expect(events).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it("reports a failing prepareSignature as a failure of the request, logged, with nothing sent", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const entries: RequestLogEntry[] = [];
    const client = createClient({ baseUrl: server.url, logger: (entry) => entries.push(entry) });
    const broken = new Error("signer broke");
    const failing = {
      prepareSignature(): void {
        throw broken;
      },
      onRequest: () => undefined,
    };
    client.use(failing);
    await expect(client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody })).rejects.toBe(broken);
    expect(entries.map((entry) => entry.event)).toEqual(["failure"]);
    expect(server.requests).toHaveLength(0);
  });

  it("hashes a signed request's control once, with the digest started before the request was built", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    client.use(createSigningMiddleware({ login: "merchant", controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20" }));
    const digest = vi.spyOn(crypto.subtle, "digest");
    const built = vi.spyOn(Headers.prototype, "set");
    try {
      await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
      expect(digest).toHaveBeenCalledTimes(1);
      // openapi-fetch builds its headers (Headers.set) only after the digest has started.
      expect(digest.mock.invocationCallOrder[0]).toBeLessThan(built.mock.invocationCallOrder[0]!);
      expect(server.requests[0]?.form.get("control")).toBe("c6bdd88a78834ef4b863b088827a459f039e8257");
    } finally {
      digest.mockRestore();
      built.mockRestore();
    }
  });

  it("logs requests and replies without card numbers, cvv2, control, Authorization or keys", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const entries: RequestLogEntry[] = [];
    const controlKey = "SECRET-CONTROL-KEY-0001";
    const client = createClient({ baseUrl: server.url, logger: (entry) => entries.push(entry), headers: { Authorization: "Bearer nope" } });
    client.use(createSigningMiddleware({ login: "merchant", controlKey }));
    await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(entries.map((e) => e.event)).toEqual(["request", "reply"]);
    const [request, reply] = entries;
    expect(request).toMatchObject({ event: "request", operationId: "sale", method: "POST" });
    if (request?.event !== "request") throw new Error("expected a request entry");
    expect(request.body["credit_card_number"]).toBe("411111******1111");
    expect(request.body).not.toHaveProperty("cvv2");
    expect(request.body).not.toHaveProperty("control");
    expect(request.headers).not.toHaveProperty("authorization");
    expect(request.body["amount"]).toBe("10.42");
    expect(reply).toMatchObject({ event: "reply", status: 200, body: { "paynet-order-id": "1234567" } });
    const everything = JSON.stringify(entries);
    for (const secret of ["4111111111111111", "\"123\"", controlKey, "Bearer nope", server.requests[0]?.form.get("control") ?? "?"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("keeps going when the logger throws", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({
      baseUrl: server.url,
      logger: () => {
        throw new Error("logger down");
      },
    });
    const { data } = await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(data?.type).toBe("async-response");
  });
});
