import { createHash, generateKeyPairSync } from "node:crypto";
import { SigningError, verifyOAuth } from "@card-processing/signing";
import { operationTable } from "@card-processing/types";
import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestReply, type TestServer } from "../test/test-server.js";
import { createGateway } from "./create-gateway.js";
import { NetworkError } from "./errors/network-error.js";
import { ServerError } from "./errors/server-error.js";
import { TimeoutError } from "./errors/timeout-error.js";
import { UsageError } from "./errors/usage-error.js";
import { ValidationError } from "./errors/validation-error.js";
import type { PollClock } from "./polling/polling-schedule.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const login = "test-merchant";
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

async function gatewayWith(
  handler: (path: string) => TestReply,
  extra: { timeoutMs?: number; privateKey?: string } = {},
) {
  server = await startTestServer((request) => handler(request.path));
  return createGateway({ baseUrl: server.url, endpointId: 1111, login, controlKey, ...extra });
}

function statusReply(status: string, overrides: Record<string, unknown> = {}) {
  return {
    type: "status-response",
    status,
    amount: "10.42",
    currency: "USD",
    "paynet-order-id": 1234567,
    "merchant-order-id": "902B4FF5",
    "serial-number": "s-status",
    ...overrides,
  };
}

describe("createGateway", () => {
  it("has one method per operation of the table, plus the status helpers", async () => {
    const gateway = await gatewayWith(() => ({ body: asyncReply() }));
    const ids = Object.values(operationTable).map((entry) => entry.operationId);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(typeof gateway[id]).toBe("function");
    for (const id of [
      "sale",
      "preauth",
      "capture",
      "void",
      "return",
      "makeRebill",
      "createCardRef",
      "getCardInfo",
      "status",
    ] as const) {
      expect(typeof gateway[id]).toBe("function");
    }
    expect(typeof gateway.statusByClientOrderId).toBe("function");
    expect(typeof gateway.waitForFinalStatus).toBe("function");
  });

  it("sends a signed sale to the bound endpoint and returns the typed reply", async () => {
    const gateway = await gatewayWith(() => ({ body: asyncReply() }));
    const { data, error } = await gateway.sale(saleBody);
    expect(error).toBeUndefined();
    expect(data?.["paynet-order-id"]).toBe("1234567");
    const request = server?.requests[0];
    expect(request?.path).toBe("/paynet/api/v2/sale/1111");
    expect(request?.form.get("control")).toBe(sha1(`1111902B4FF51042john.smith@gmail.com${controlKey}`));
  });

  it("adds login to a capture and signs the amount in minor units", async () => {
    const gateway = await gatewayWith(() => ({ body: asyncReply() }));
    await gateway.capture({ client_orderid: "902B4FF5", orderid: "1234567", amount: 19.99, currency: "EUR" });
    const form = server?.requests[0]?.form;
    expect(form?.get("login")).toBe(login);
    expect(form?.get("amount")).toBe("19.99");
    expect(form?.get("control")).toBe(sha1(`${login}902B4FF512345671999EUR${controlKey}`));
  });

  it("queries the status by client_orderid alone, orderid signed as the empty string", async () => {
    const gateway = await gatewayWith(() => ({ body: statusReply("processing") }));
    const { data } = await gateway.statusByClientOrderId("902B4FF5");
    expect(data?.status).toBe("processing");
    const form = server?.requests[0]?.form;
    expect(form?.has("orderid")).toBe(false);
    expect(form?.get("control")).toBe(sha1(`${login}902B4FF5${controlKey}`));
  });

  it("signs the v2 payout with an OAuth HMAC-SHA1 header the verifier accepts", async () => {
    const gateway = await gatewayWith(() => ({ body: asyncReply() }));
    await gateway.payout({
      client_orderid: "P-1",
      amount: "5.00",
      currency: "USD",
      "destination-card-no": "4111111111111111",
    });
    const request = server?.requests[0];
    const authorization = String(request?.headers["authorization"]);
    expect(authorization).toMatch(/^OAuth /);
    const verdict = await verifyOAuth({
      method: "POST",
      url: `${server?.url}/api/v2/payout/1111`,
      body: request?.form ?? new URLSearchParams(),
      authorization,
      scheme: "oauth-hmac-sha1",
      controlKey,
    });
    expect(verdict).toEqual({ ok: true, consumerKey: login });
  });

  it("signs a v4 transfer with OAuth RSA-SHA256 using the private key", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const gateway = await gatewayWith(() => ({ body: asyncReply() }), { privateKey });
    const { error } = await gateway.transfer({
      client_orderid: "T-1",
      amount: "1.00",
      currency: "USD",
      order_desc: "transfer",
      ipaddress: "65.153.12.232",
    });
    expect(error).toBeUndefined();
    const request = server?.requests[0];
    const verdict = await verifyOAuth({
      method: "POST",
      url: `${server?.url}/api/v4/transfer/1111`,
      body: request?.form ?? new URLSearchParams(),
      authorization: String(request?.headers["authorization"]),
      scheme: "oauth-rsa-sha256",
      publicKey,
    });
    expect(verdict.ok).toBe(true);
  });

  it("returns a 400 as ValidationError with the response, serial number and a masked message", async () => {
    const gateway = await gatewayWith(() => ({
      status: 400,
      body: {
        type: "validation-error",
        "error-message": "credit_card_number 4111111111111111 is invalid",
        "error-code": 1,
        "serial-number": "s-400",
      },
    }));
    const { data, error, response } = await gateway.sale(saleBody);
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: "ERR_VALIDATION", serialNumber: "s-400", gatewayCode: 1 });
    expect(error?.response).toBe(response);
    expect(response?.status).toBe(400);
    expect(error?.message).toContain("411111******1111");
    expect(error?.message).not.toContain("4111111111111111");
  });

  it("returns a 200 of type validation-error as ValidationError", async () => {
    const gateway = await gatewayWith(() => ({
      body: { type: "validation-error", "error-message": "email: is invalid", "serial-number": "s-7" },
    }));
    const { error } = await gateway.sale(saleBody);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.serialNumber).toBe("s-7");
  });

  it("returns a 500 and a 200 of type error as ServerError, advising a status query for payments", async () => {
    const gateway = await gatewayWith((path) =>
      path.includes("/sale/")
        ? { status: 500, body: { type: "error", "error-message": "Internal error", "serial-number": "s-500" } }
        : { status: 200, body: { type: "error", "error-message": "Try later", "serial-number": "s-200" } },
    );
    const sale = await gateway.sale(saleBody);
    expect(sale.error).toBeInstanceOf(ServerError);
    expect(sale.error).toMatchObject({ code: "ERR_SERVER", serialNumber: "s-500" });
    expect(sale.error?.message).toMatch(
      /may have taken effect at the gateway: pass this error to gateway.recover\(error\)/,
    );
    const status = await gateway.status({ client_orderid: "902B4FF5" });
    expect(status.error).toBeInstanceOf(ServerError);
    expect(status.error?.response?.status).toBe(200);
  });

  it("returns a decline as data, not as an error", async () => {
    const gateway = await gatewayWith(() => ({
      body: statusReply("declined", { "error-message": "Insufficient funds", "error-code": 5 }),
    }));
    const { data, error } = await gateway.status({ client_orderid: "902B4FF5", orderid: "1234567" });
    expect(error).toBeUndefined();
    expect(data?.status).toBe("declined");
  });

  it("returns a NetworkError without retrying a payment, then answers the status by client_orderid", async () => {
    const gateway = await gatewayWith((path) =>
      path.includes("/sale/") ? { destroy: true } : { body: statusReply("approved") },
    );
    const { error } = await gateway.sale(saleBody);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ clientOrderId: "902B4FF5", operationId: "sale" });
    expect(error?.message).toMatch(/the client never sends it again on its own/);
    expect(server?.requests.filter((r) => r.path.includes("/sale/"))).toHaveLength(1);
    const { data } = await gateway.statusByClientOrderId((error as NetworkError).clientOrderId ?? "");
    expect(data?.status).toBe("approved");
  });

  it("returns a TimeoutError as the error value when the reply is late", async () => {
    const gateway = await gatewayWith(() => ({ body: asyncReply(), delayMs: 300 }), { timeoutMs: 30 });
    const { error, response } = await gateway.void({
      client_orderid: "902B4FF5",
      orderid: "1234567",
      comment: "Customer cancelled",
    });
    expect(error).toBeInstanceOf(TimeoutError);
    expect(response).toBeUndefined();
  });

  it("throws before sending for a missing field, a bad amount, an unknown currency (SigningError) or a nested value (UsageError)", async () => {
    const gateway = await gatewayWith(() => ({ body: asyncReply() }));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...saleBody, redirect_url: undefined }, "ERR_FIELD_MISSING", "redirect_url"],
      [{ ...saleBody, amount: "10,42" }, "ERR_AMOUNT_INVALID", "amount"],
      [{ ...saleBody, amount: "10.425" }, "ERR_AMOUNT_INVALID", "amount"],
      [{ ...saleBody, amount: -1 }, "ERR_AMOUNT_INVALID", "amount"],
      [{ ...saleBody, currency: "XYZ" }, "ERR_CURRENCY_UNKNOWN", "currency"],
      [{ ...saleBody, order_desc: { text: "nested" } }, "ERR_FIELD_INVALID", "order_desc"],
    ];
    for (const [body, code, field] of cases) {
      const error = await gateway.sale(body as never).catch((e: unknown) => e);
      expect(error, `${code} ${field}`).toBeInstanceOf(code === "ERR_FIELD_INVALID" ? UsageError : SigningError);
      expect(error).toMatchObject({ code, field });
      const message = (error as Error).message;
      expect(message).toContain(field);
      for (const secret of ["4111111111111111", "123", controlKey]) expect(message).not.toContain(secret);
    }
    expect(server?.requests).toHaveLength(0);
  });

  it("refuses an http baseUrl beyond loopback before any connection, and takes it with allowInsecureHttp", async () => {
    const sent: string[] = [];
    const counting = async (request: Request) => {
      sent.push(request.url);
      return new Response(JSON.stringify(statusReply("approved")), {
        headers: { "content-type": "application/vnd.pay+json" },
      });
    };
    const options = { baseUrl: "http://gate.example.com/paynet", endpointId: 1111, login, controlKey, fetch: counting };
    expect(() => createGateway(options)).toThrow(
      expect.objectContaining({
        name: "UsageError",
        field: "baseUrl",
        message: expect.stringMatching(/https.*allowInsecureHttp: true/),
      }),
    );
    expect(sent).toEqual([]);
    const gateway = createGateway({ ...options, allowInsecureHttp: true });
    const { data } = await gateway.status({ client_orderid: "902B4FF5", orderid: "1234567" });
    expect(data?.status).toBe("approved");
    expect(sent).toEqual(["http://gate.example.com/paynet/api/v2/status/1111"]);
  });

  it("holds a reportUrl to the same https rule as baseUrl", () => {
    const options = { baseUrl: "https://gate.example.com/paynet", endpointId: 1111, login, controlKey };
    expect(() =>
      createGateway({ ...options, reportUrl: "http://reports.example.com/paynet-ui/services/transaction-report" }),
    ).toThrow(
      expect.objectContaining({
        name: "UsageError",
        field: "reportUrl",
        message: expect.stringMatching(/https.*allowInsecureHttp: true/),
      }),
    );
    expect(() =>
      createGateway({ ...options, reportUrl: "http://127.0.0.1:8080/paynet-ui/services/transaction-report" }),
    ).not.toThrow();
  });

  it("refuses a private key at creation that is short, encrypted or not a private key, with the signing messages", () => {
    const short = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const base = { baseUrl: "http://127.0.0.1:1/paynet", endpointId: 1111, login, controlKey };
    const cases: Array<[string, string, string]> = [
      [
        short.privateKey.export({ type: "pkcs8", format: "pem" }) as string,
        "ERR_KEY_TOO_SHORT",
        "privateKey: has 1024 bits; at least 2048 required",
      ],
      [
        pair.privateKey.export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "p" }) as string,
        "ERR_KEY_INVALID",
        "privateKey: expected an unencrypted PEM PRIVATE KEY or RSA PRIVATE KEY",
      ],
      [
        pair.publicKey.export({ type: "spki", format: "pem" }) as string,
        "ERR_KEY_INVALID",
        "privateKey: expected an unencrypted PEM PRIVATE KEY or RSA PRIVATE KEY",
      ],
    ];
    for (const [privateKey, code, message] of cases) {
      expect(() => createGateway({ ...base, privateKey }), code).toThrow(
        expect.objectContaining({ name: "SigningError", code, field: "privateKey", message }),
      );
    }
  });

  it("returns, not throws, a key refused by Web Crypto at the first v4 call after passing its check at creation", async () => {
    // A PKCS#1 key with a stray tenth INTEGER: its frame and modulus pass the check at creation;
    // Web Crypto refuses it on import.
    const pkcs1 = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs1",
      format: "der",
    });
    const content = Buffer.concat([pkcs1.subarray(4), Buffer.from([0x02, 0x01, 0x07])]);
    const der = Buffer.concat([Buffer.from([0x30, 0x82, content.length >> 8, content.length & 0xff]), content]);
    const privateKey = `-----BEGIN RSA PRIVATE KEY-----\n${der.toString("base64")}\n-----END RSA PRIVATE KEY-----`;
    const gateway = await gatewayWith(() => ({ body: asyncReply() }), { privateKey });
    const body = {
      "client-order-id": "T-1",
      amount: "1.00",
      currency: "USD",
      order_desc: "x",
      "destination-card-no": "4111111111111111",
    };
    for (let call = 0; call < 2; call++) {
      const result = await gateway.transferByRef(body as never);
      expect(result.error).toBeInstanceOf(UsageError);
      expect(result.error).toMatchObject({
        code: "ERR_OPTION_INVALID",
        field: "privateKey",
        outcome: "not-applied",
        cause: expect.objectContaining({ name: "SigningError", code: "ERR_KEY_INVALID" }),
      });
      expect(result.error?.message).toMatch(/^transferByRef: privateKey: refused when imported/);
    }
    expect(server?.requests).toHaveLength(0);
    await server?.close();
    // A missing key stays misuse: thrown at the first v4 call.
    const keyless = await gatewayWith(() => ({ body: asyncReply() }));
    await expect(keyless.transferByRef(body as never)).rejects.toMatchObject({ code: "ERR_KEY_MISSING" });
  });

  it("refuses bad options at creation", () => {
    const base = { baseUrl: "http://127.0.0.1:1/paynet", endpointId: 1111, login, controlKey };
    expect(() => createGateway({ ...base, endpointId: "11x" })).toThrow(UsageError);
    expect(() => createGateway({ ...base, controlKey: "" })).toThrow(/controlKey/);
    expect(() => createGateway({ ...base, timeoutMs: 0 })).toThrow(/timeoutMs/);
  });

  it("waits for the final status on the documented cadence, surviving a 500 in between", async () => {
    const replies: TestReply[] = [
      { body: statusReply("processing") },
      { status: 500, body: { type: "error", "error-message": "busy", "serial-number": "s-busy" } },
      { body: statusReply("processing") },
      { body: statusReply("approved") },
    ];
    const gateway = await gatewayWith(() => replies.shift() ?? { status: 599 });
    let now = 0;
    const sleeps: number[] = [];
    const clock: PollClock = {
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
    };
    const progress: Array<string | undefined> = [];
    const { data, error } = await gateway.waitForFinalStatus(
      { client_orderid: "902B4FF5", orderid: "1234567" },
      { clock, random: () => 0, onProgress: (p) => progress.push(p.error?.code ?? p.status) },
    );
    expect(error).toBeUndefined();
    expect(data?.status).toBe("approved");
    expect(sleeps).toEqual([3_000, 3_000, 3_000]);
    expect(progress).toEqual(["processing", "ERR_SERVER", "processing"]);
    expect(server?.requests.map((r) => r.form.get("orderid"))).toEqual(["1234567", "1234567", "1234567", "1234567"]);
  });

  it("says the base URL needs the path prefix when nothing answers at the address (HTTP 404)", async () => {
    server = await startTestServer(() => ({
      status: 404,
      headers: { "content-type": "text/plain" },
      body: "Not found",
    }));
    const gateway = createGateway({
      baseUrl: server.url.replace(/\/paynet$/, ""),
      endpointId: 1111,
      login,
      controlKey,
    });
    const { error } = await gateway.status({ client_orderid: "902B4FF5", orderid: "1234567" });
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ code: "ERR_OPTION_INVALID", field: "baseUrl", outcome: "not-applied" });
    expect(error?.message).toBe(
      "status: nothing answers at {baseUrl}/api/v2/status/{endpointId} (HTTP 404). The base URL must include the gateway's path prefix, e.g. https://sandbox.gateway.example/paynet rather than https://sandbox.gateway.example.",
    );
    expect(server.requests[0]?.path).toBe("/api/v2/status/1111");
  });

  it("keeps the gateway's own 404 refusal as it is", async () => {
    const gateway = await gatewayWith(() => ({
      status: 404,
      body: { type: "validation-error", "error-message": "unknown endpoint", "serial-number": "s" },
    }));
    const { error } = await gateway.status({ client_orderid: "902B4FF5", orderid: "1234567" });
    expect(error?.message).toBe("status: the gateway refused the request (HTTP 404): unknown endpoint.");
  });

  it("waits for one request of the order when given its serial-number, sent as by-request-sn", async () => {
    const gateway = await gatewayWith(() => ({ body: statusReply("approved", { "by-request-sn": "s-return" }) }));
    const { data } = await gateway.waitForFinalStatus({
      client_orderid: "902B4FF5",
      orderid: "1234567",
      "serial-number": "s-return",
    });
    expect(data?.status).toBe("approved");
    const form = server?.requests[0]?.form;
    expect(form?.get("by-request-sn")).toBe("s-return");
    expect(form?.get("control")).toBe(sha1(`${login}902B4FF51234567${controlKey}`));
  });
});
