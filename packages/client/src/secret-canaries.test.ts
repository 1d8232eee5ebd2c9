import { generateKeyPairSync } from "node:crypto";
import { inspect } from "node:util";
import { createSigningMiddleware } from "@card-processing/signing";
import { afterEach, describe, expect, it } from "vitest";
import {
  type RecordedRequest,
  saleBody,
  startTestServer,
  type TestReply,
  type TestServer,
} from "../test/test-server.js";
import { parseCallback } from "./callbacks/callback.js";
import { createClient } from "./create-client.js";
import { createGateway } from "./create-gateway.js";
import { NetworkError } from "./errors/network-error.js";
import type { RequestLogEntry } from "./transport/request-log.js";

// Secret canaries: values that must never come back to the caller in any error, in any form, nor
// reach the logger, even from a gateway that repeats the whole request in its error replies.
const CARD = "4000056655665556"; // Luhn-valid
const CVV = "913";
const CONTROL_KEY = "CANARY-CONTROL-KEY-7f3a";
const PASSWORD = "CANARY-PASSWORD-9b1c";
const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
  type: "pkcs8",
  format: "pem",
}) as string;
const shortRsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
  type: "pkcs8",
  format: "pem",
}) as string;
const login = "canary-merchant";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every `control` the echo gateway received: the signatures the client sent are secrets too. */
const sentControls = () => (server?.requests ?? []).map((r) => r.form.get("control")).filter((c): c is string => !!c);

/** Throws when any canary appears in `text`, naming which one and where. */
function expectNoCanary(where: string, text: string): void {
  const pemBody = rsa.replace(/-----[A-Z ]+-----/g, "").replace(/\s/g, "");
  const shortBody = shortRsa.replace(/-----[A-Z ]+-----/g, "").replace(/\s/g, "");
  const flat = text.replace(/\s/g, "");
  expect(text, `${where}: card number`).not.toContain(CARD);
  expect(text, `${where}: card number digits 7-12`).not.toContain(CARD.slice(6, 12));
  expect(text, `${where}: CVV`).not.toMatch(new RegExp(`(?<![0-9])${CVV}(?![0-9])`));
  expect(text, `${where}: control key`).not.toContain(CONTROL_KEY);
  expect(text, `${where}: password`).not.toContain(PASSWORD);
  for (const body of [pemBody, shortBody]) {
    for (let at = 40; at + 40 < body.length; at += 200)
      expect(flat, `${where}: RSA private key`).not.toContain(body.slice(at, at + 40));
  }
  for (const control of sentControls()) expect(text, `${where}: control value`).not.toContain(control);
}

/** Every form a caller or a log line could show of an error. */
function expectCleanError(kind: string, error: unknown): void {
  expect(error, `${kind}: an error`).toBeInstanceOf(Error);
  const e = error as Error;
  expectNoCanary(`${kind} message`, e.message);
  expectNoCanary(`${kind} String()`, String(e));
  expectNoCanary(`${kind} JSON`, JSON.stringify(e));
  expectNoCanary(`${kind} util.inspect`, inspect(e, { depth: 10, showHidden: true }));
  expectNoCanary(`${kind} stack`, e.stack ?? "");
}

/** A gateway that answers every request by repeating it, as some gateways' error replies do. */
const echo =
  (status: number, type: "validation-error" | "error") =>
  (request: RecordedRequest): TestReply => ({
    status,
    body: {
      type,
      "error-message": `bad request: ${request.body} ${decodeURIComponent(request.body)}`,
      "error-code": 1,
      "serial-number": "s-1",
    },
  });

const canarySale = { ...saleBody, credit_card_number: CARD, cvv2: CVV };

describe("secret canaries", () => {
  const log: RequestLogEntry[] = [];
  const logger = (entry: RequestLogEntry) => void log.push(entry);
  const gatewayAt = (url: string, extra: { timeoutMs?: number } = {}) =>
    createGateway({
      baseUrl: url,
      endpointId: 1111,
      login,
      controlKey: CONTROL_KEY,
      privateKey: rsa,
      logger,
      ...extra,
    });

  afterEach(() => {
    expectNoCanary("logger", JSON.stringify(log));
    expectNoCanary("logger inspected", inspect(log, { depth: 10 }));
    log.length = 0;
  });

  it.each([
    ["validation (HTTP 400)", 400, "validation-error"],
    ["validation (HTTP 200)", 200, "validation-error"],
    ["server (HTTP 500)", 500, "error"],
    ["server (HTTP 200)", 200, "error"],
  ] as const)("keeps them out of a %s error whose reply repeats the request", async (kind, status, type) => {
    server = await startTestServer(echo(status, type));
    const { error } = await gatewayAt(server.url).sale(canarySale);
    expect(server.requests[0]?.form.get("cvv2")).toBe(CVV);
    expect(error?.code).toBe(type === "error" ? "ERR_SERVER" : "ERR_VALIDATION");
    expectCleanError(kind, error);
    expect(error?.message).toContain("400005******5556");
  });

  it("keeps them out of the raw client's error value and of a v4 RSA-signed refusal", async () => {
    server = await startTestServer(echo(400, "validation-error"));
    const client = createClient({ baseUrl: server.url, logger });
    client.use(createSigningMiddleware({ login, controlKey: CONTROL_KEY, privateKey: rsa }));
    const { error } = await client.POST("/api/v2/sale/{endpointId}", {
      params: { path: { endpointId: 1111 } },
      body: canarySale,
    });
    expectNoCanary("raw error value", JSON.stringify(error));
    const transfer = await gatewayAt(server.url).transferByRef({
      "client-order-id": "T-1",
      amount: "1.00",
      currency: "USD",
      order_desc: "canary",
      "destination-card-no": CARD,
    } as never);
    expect(server.requests.at(-1)?.headers["authorization"]).toMatch(/oauth_signature_method="RSA-SHA256"/);
    expectCleanError("v4 refusal", transfer.error);
  });

  it("masks a card number the shop put in client_orderid, in every error a call returns, and in the log", async () => {
    const orderId = `order-${CARD}`;
    const replies: Array<[string, TestReply]> = [
      ["validation", { status: 400, body: { type: "validation-error", "error-message": `bad ${orderId}` } }],
      ["server", { status: 502, headers: { "content-type": "text/html" }, body: `<p>${orderId}</p>` }],
      ["unreadable reply", { headers: { "content-type": "text/html" }, body: `<p>${orderId}</p>` }],
      ["foreign reply", { body: { ok: true, id: orderId } }],
      ["timeout", { body: {}, delayMs: 300 }],
      ["network", { destroy: true }],
    ];
    for (const [kind, reply] of replies) {
      server = await startTestServer(() => reply);
      const { error } = await gatewayAt(server.url, { timeoutMs: 100 }).sale({
        ...canarySale,
        client_orderid: orderId,
      });
      expect(error?.clientOrderId, kind).toBe("order-400005******5556");
      expectCleanError(kind, error);
      await server.close();
      server = undefined;
    }
  });

  it("masks a card number in the request's query and in a cause, on the error and in the log", async () => {
    server = await startTestServer(() => ({ destroy: true }));
    const client = createClient({ baseUrl: server.url, logger });
    // The raw client throws a network failure, as openapi-fetch throws what its fetch throws.
    const error = await client
      .POST("/api/v2/status/{endpointId}", {
        params: { path: { endpointId: 1111 }, query: { ref: CARD } } as never,
        body: { client_orderid: "A", control: "c0ffee".repeat(7) } as never,
      })
      .then(
        () => undefined,
        (e: unknown) => e as NetworkError,
      );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error?.request?.url).toBe(`${server.url}/api/v2/status/1111?ref=400005******5556`);
    expectCleanError("network, card in the query", error);
    expect(log.some((entry) => entry.event === "request" && entry.url.endsWith("?ref=400005******5556"))).toBe(true);
    const throwing = createClient({
      baseUrl: server.url,
      logger,
      fetch: async () => {
        throw new TypeError(`could not reach ${server?.url}?pan=${CARD}`);
      },
    });
    const failed = await throwing
      .POST("/api/v2/status/{endpointId}", {
        params: { path: { endpointId: 1111 } },
        body: { client_orderid: "A" } as never,
      })
      .catch((e: unknown) => e as Error);
    expect(String((failed as Error).cause)).toContain("?pan=400005******5556");
    expectCleanError("network, card in the cause", failed);
  });

  it("keeps them out of a timeout", async () => {
    server = await startTestServer(() => ({ body: {}, delayMs: 300 }));
    const { error } = await gatewayAt(server.url, { timeoutMs: 30 }).sale(canarySale);
    expect(error?.code).toBe("ERR_TIMEOUT");
    expectCleanError("timeout", error);
  });

  it("keeps them out of a network failure", async () => {
    server = await startTestServer(() => ({ destroy: true }));
    const { error } = await gatewayAt(server.url).sale(canarySale);
    expect(error?.code).toBe("ERR_NETWORK");
    expectCleanError("network", error);
  });

  it("keeps them out of a signature error", async () => {
    const forged = `status=approved&orderid=1&client_orderid=A&amount=1.00&control=${CONTROL_KEY}&card=${CARD}`;
    const error = await parseCallback(forged, CONTROL_KEY).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "SignatureError" });
    expectCleanError("signature", error);
  });

  it("keeps them out of usage errors: a password in baseUrl, bad bodies and bad keys", async () => {
    server = await startTestServer(echo(400, "validation-error"));
    const withPassword = server.url.replace("http://", `http://user:${PASSWORD}@`);
    const failures: Array<[string, () => unknown]> = [
      ["password in baseUrl", () => gatewayAt(withPassword)],
      ["password in a broken baseUrl", () => gatewayAt(`http://user:${PASSWORD}@[bad/paynet`)],
      ["bad amount", () => gatewayAt(server!.url).sale({ ...canarySale, amount: "10.425" })],
      ["missing field", () => gatewayAt(server!.url).sale({ ...canarySale, email: "" })],
      [
        "short RSA key",
        () =>
          createGateway({
            baseUrl: server!.url,
            endpointId: 1,
            login,
            controlKey: CONTROL_KEY,
            privateKey: shortRsa,
          }).payoutV4({} as never),
      ],
      [
        "broken RSA key",
        () =>
          createGateway({
            baseUrl: server!.url,
            endpointId: 1,
            login,
            controlKey: CONTROL_KEY,
            privateKey: rsa.slice(0, 200),
          }),
      ],
    ];
    for (const [kind, run] of failures) {
      const error = await (async () => run())().then(
        () => undefined,
        (e: unknown) => e,
      );
      expectCleanError(kind, error);
    }
    expect(server.requests).toHaveLength(0);
  });
});
