import { createHash } from "node:crypto";
import { createSigningMiddleware, SigningError } from "@card-processing/signing";
import type { Middleware } from "openapi-fetch";
import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../test/test-server.js";
import { createClient } from "./create-client.js";
import { NetworkError } from "./errors/network-error.js";
import { ReplyError } from "./errors/reply-error.js";
import { TimeoutError } from "./errors/timeout-error.js";
import { UsageError } from "./errors/usage-error.js";
import type { RequestLogEntry } from "./transport/request-log.js";

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
    server = await startTestServer(() => ({
      body: { ...asyncReply(), type: "status-response", amount: "10.42", currency: "USD" },
    }));
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
    const { data, error, response } = await client.POST(salePath, {
      params: { path: { endpointId: 1111 } },
      body: saleBody,
    });
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

  it("returns a 200 reply of type validation-error as data, as openapi-fetch returns every 2xx", async () => {
    const refusal = {
      type: "validation-error",
      "error-message": "email: is invalid",
      "error-code": 1,
      "serial-number": "s-9",
    };
    server = await startTestServer(() => ({ status: 200, body: refusal }));
    const client = createClient({ baseUrl: server.url });
    const result = await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(refusal);
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
    expect(error).toEqual({
      type: "error",
      "error-message": "Internal error",
      "error-code": 2,
      "serial-number": "s-5",
    });
  });

  it("throws ReplyError ERR_REPLY_UNREADABLE for a 200 that is neither form", async () => {
    server = await startTestServer(() => ({ body: "<html>oops</html>", headers: { "content-type": "text/html" } }));
    const client = createClient({ baseUrl: server.url });
    const call = client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    await expect(call).rejects.toBeInstanceOf(ReplyError);
    await expect(call).rejects.toMatchObject({ code: "ERR_REPLY_UNREADABLE" });
  });

  it("throws TimeoutError when no reply comes within timeoutMs", async () => {
    server = await startTestServer(() => ({ body: asyncReply(), delayMs: 500 }));
    const client = createClient({ baseUrl: server.url, timeoutMs: 50 });
    const started = Date.now();
    const call = client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    await expect(call).rejects.toBeInstanceOf(TimeoutError);
    await expect(call).rejects.toMatchObject({ code: "ERR_TIMEOUT", timeoutMs: 50 });
    await expect(call).rejects.toThrow(
      /The sale may have taken effect at the gateway: pass this error to gateway.recover\(error\) to learn whether it did \(order "902B4FF5"\)/,
    );
    expect(Date.now() - started).toBeLessThan(450);
  });

  it("throws a TimeoutError ERR_ABORTED with the caller's reason as cause, never the raw DOMException", async () => {
    server = await startTestServer(() => ({ body: asyncReply(), delayMs: 500 }));
    const client = createClient({ baseUrl: server.url, timeoutMs: 5_000 });
    const controller = new AbortController();
    const call = client.POST(salePath, {
      params: { path: { endpointId: 1111 } },
      body: saleBody,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: "ERR_ABORTED",
      outcome: "unknown",
      timeoutMs: undefined,
      clientOrderId: "902B4FF5",
    });
    expect((error as Error).cause).toMatchObject({ name: "AbortError" });
  });

  it("throws NetworkError naming the client_orderid when the connection drops on a payment", async () => {
    server = await startTestServer(() => ({ destroy: true }));
    const client = createClient({ baseUrl: server.url });
    const error = await client
      .POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: "ERR_NETWORK", operationId: "sale", clientOrderId: "902B4FF5" });
    expect(server.requests).toHaveLength(1);
  });

  it("throws SigningError before sending when a required field is missing", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    const { email: _email, ...withoutEmail } = saleBody;
    const call = client.POST(salePath, {
      params: { path: { endpointId: 1111 } },
      body: withoutEmail as typeof saleBody,
    });
    await expect(call).rejects.toBeInstanceOf(SigningError);
    await expect(call).rejects.toMatchObject({ code: "ERR_FIELD_MISSING", field: "email" });
    expect(server.requests).toHaveLength(0);
  });

  it("words each refusal as operation, field and rule, with the signing package's amount rules", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const client = createClient({ baseUrl: server.url });
    const send = (body: Record<string, unknown>) =>
      client
        .POST(salePath, { params: { path: { endpointId: 1111 } }, body: body as typeof saleBody })
        .catch((e: unknown) => e);
    const cases: Array<[Record<string, unknown>, string, string, RegExp]> = [
      [{ ...saleBody, email: "" }, "ERR_FIELD_MISSING", "email", /^sale: email: required$/],
      [
        { ...saleBody, currency: "XYZ" },
        "ERR_CURRENCY_UNKNOWN",
        "currency",
        /^sale: currency: expected an ISO 4217 code such as USD$/,
      ],
      [
        { ...saleBody, amount: "1e3" },
        "ERR_AMOUNT_INVALID",
        "amount",
        /^sale: amount: expected a plain non-negative decimal such as 10\.42$/,
      ],
      [
        { ...saleBody, amount: "10.425" },
        "ERR_AMOUNT_INVALID",
        "amount",
        /^sale: amount: has 3 fraction digits; USD allows at most 2$/,
      ],
    ];
    for (const [body, code, field, message] of cases) {
      const error = await send(body);
      expect(error, field).toBeInstanceOf(SigningError);
      expect(error).toMatchObject({ code, field, message: expect.stringMatching(message) });
    }
    // capture takes an optional amount, which needs its currency.
    const capture = { client_orderid: "902B4FF5", orderid: "1234567", amount: "1.00" };
    const error = await client
      .POST("/api/v2/capture/{endpointId}", { params: { path: { endpointId: 1111 } }, body: capture })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "ERR_FIELD_MISSING",
      field: "currency",
      message: "capture: currency: required with amount",
    });
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
    expect(Object.getPrototypeOf(seen[0])).toBe(Request.prototype);
    expect(server.requests[0]?.form.get("control")).toBe("c6bdd88a78834ef4b863b088827a459f039e8257");
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("takes http on loopback (127.0.0.0/8, [::1], localhost) as before, and https anywhere", async () => {
    const sent: string[] = [];
    const counting = async (request: Request) => {
      sent.push(request.url);
      return new Response("{}", { status: 503 });
    };
    const bases = [
      "http://127.0.0.1:8080/paynet",
      "http://127.45.6.7/paynet",
      "http://[::1]:8080/paynet",
      "http://localhost:8080/paynet",
      "https://gate.example.com/paynet",
    ];
    for (const baseUrl of bases) {
      const client = createClient({ baseUrl, fetch: counting });
      await client.POST(statusPath, { params: { path: { endpointId: 1 } }, body: { client_orderid: "A" } as never });
    }
    expect(sent).toEqual(bases.map((base) => `${base}/api/v2/status/1`));
    server = await startTestServer(() => ({ body: { ...asyncReply(), type: "status-response" } }));
    const { data } = await createClient({ baseUrl: server.url }).POST(statusPath, {
      params: { path: { endpointId: 1 } },
      body: { client_orderid: "A" } as never,
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(data?.type).toBe("status-response");
  });

  it("refuses http beyond loopback, saying https and naming the opt-out, before anything is sent", () => {
    let calls = 0;
    const counting = async () => {
      calls++;
      return new Response("{}");
    };
    for (const baseUrl of [
      "http://gate.example.com/paynet",
      "http://10.0.0.5:8080/paynet",
      "http://0.0.0.0:8080/paynet",
      "http://127.example.com/paynet",
      "http://localhost.example.com/paynet",
      "http://[::2]/paynet",
    ]) {
      expect(() => createClient({ baseUrl, fetch: counting }), baseUrl).toThrow(
        expect.objectContaining({
          name: "UsageError",
          code: "ERR_OPTION_INVALID",
          field: "baseUrl",
          message: expect.stringMatching(/expected an https address.*allowInsecureHttp: true/),
        }),
      );
    }
    expect(() =>
      createClient({ baseUrl: "https://gate.example.com/paynet", allowInsecureHttp: "yes" as never }),
    ).toThrow(expect.objectContaining({ field: "allowInsecureHttp" }));
    expect(calls).toBe(0);
  });

  it("takes http beyond loopback with allowInsecureHttp: true, for a private network the user vouches for", async () => {
    const sent: string[] = [];
    const client = createClient({
      baseUrl: "http://gate.example.com/paynet",
      allowInsecureHttp: true,
      fetch: async (request) => {
        sent.push(request.url);
        return new Response("{}", { status: 503 });
      },
    });
    await client.POST(statusPath, { params: { path: { endpointId: 1 } }, body: { client_orderid: "A" } as never });
    expect(sent).toEqual(["http://gate.example.com/paynet/api/v2/status/1"]);
  });

  it("refuses a base address with user info, naming the option without repeating it, before any log", () => {
    const entries: RequestLogEntry[] = [];
    const call = () =>
      createClient({
        baseUrl: "http://user:PASSWORD-CANARY@127.0.0.1:1/paynet",
        logger: (entry) => entries.push(entry),
      });
    expect(call).toThrow(UsageError);
    const error = (() => {
      try {
        call();
      } catch (e) {
        return e as UsageError;
      }
    })();
    expect(error).toMatchObject({ code: "ERR_OPTION_INVALID", field: "baseUrl" });
    expect(`${String(error)} ${JSON.stringify(error)} ${error?.stack}`).not.toContain("PASSWORD-CANARY");
    expect(entries).toEqual([]);
    expect(() => createClient({ baseUrl: "not a url with PASSWORD-CANARY" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("PASSWORD-CANARY") }),
    );
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

  it("logs requests and replies without card numbers, cvv2, control, Authorization or keys", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const entries: RequestLogEntry[] = [];
    const controlKey = "SECRET-CONTROL-KEY-0001";
    const client = createClient({
      baseUrl: server.url,
      logger: (entry) => entries.push(entry),
      headers: { Authorization: "Bearer nope" },
    });
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
    for (const secret of [
      "4111111111111111",
      '"123"',
      controlKey,
      "Bearer nope",
      server.requests[0]?.form.get("control") ?? "?",
    ]) {
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

describe("createClient with other middleware", () => {
  const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
  const vector = "c6bdd88a78834ef4b863b088827a459f039e8257";
  const signer = () => createSigningMiddleware({ login: "merchant", controlKey });
  const addsHeader: Middleware = {
    onRequest({ request }) {
      request.headers.set("X-Trace", "added");
    },
  };
  const copiesWithHeader: Middleware = {
    onRequest: ({ request }) =>
      new Request(request, { headers: { ...Object.fromEntries(request.headers), "X-Trace": "copied" } }),
  };
  const replacesBody: Middleware = {
    async onRequest({ request }) {
      const body = new URLSearchParams(await request.text());
      body.set("order_desc", "replaced");
      return new Request(request, { body: body.toString() });
    },
  };

  it.each([
    ["adds a header", addsHeader, "added"],
    ["returns new Request(request, { headers })", copiesWithHeader, "copied"],
  ] as const)(
    "sends a signed request through a middleware that %s, before or after the signer",
    async (_, other, trace) => {
      server = await startTestServer(() => ({ body: asyncReply() }));
      for (const order of [
        [other, signer()],
        [signer(), other],
      ]) {
        const client = createClient({ baseUrl: server.url });
        client.use(...order);
        const { data } = await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
        expect(data?.type).toBe("async-response");
      }
      expect(server.requests.map((r) => [r.headers["x-trace"], r.form.get("control")])).toEqual([
        [trace, vector],
        [trace, vector],
      ]);
    },
  );

  it("sends the body a middleware replaced, signed when it ran before the signer", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    for (const order of [
      [replacesBody, signer()],
      [signer(), replacesBody],
    ]) {
      const client = createClient({ baseUrl: server.url });
      client.use(...order);
      await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    }
    expect(server.requests.map((r) => [r.form.get("order_desc"), r.form.get("control")])).toEqual([
      ["replaced", vector],
      ["replaced", vector],
    ]);
  });

  it("hands user middleware the standard Request openapi-fetch built", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const seen: Request[] = [];
    const client = createClient({ baseUrl: server.url });
    client.use({ onRequest: ({ request }) => void seen.push(request) });
    await client.POST(salePath, { params: { path: { endpointId: 1111 } }, body: saleBody });
    expect(Object.getPrototypeOf(seen[0])).toBe(Request.prototype);
    expect(seen[0]?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
  });
});
