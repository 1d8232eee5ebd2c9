import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestReply, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { NetworkError } from "../errors/network-error.js";
import { OrderNotFoundError } from "../errors/order-not-found-error.js";
import { ReplyError } from "../errors/reply-error.js";
import { ServerError } from "../errors/server-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import { UsageError } from "../errors/usage-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { PollClock } from "../polling/polling-schedule.js";
import type { PollProgress } from "../polling/status-poller.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function gatewayWith(handler: (path: string, attempt: number) => TestReply, extra: { timeoutMs?: number } = {}) {
  let attempt = 0;
  server = await startTestServer((request) => handler(request.path, ++attempt));
  return createGateway({
    baseUrl: server.url,
    endpointId: 1111,
    login: "shop",
    controlKey: "KEY",
    polling: { firstDelayMs: [1, 2] },
    ...extra,
  });
}

const statusReply = (status: string) => ({
  type: "status-response",
  status,
  amount: "10.42",
  currency: "USD",
  "paynet-order-id": "777",
  "merchant-order-id": "902B4FF5",
  "serial-number": "s-1",
});
const html = (status: number) => ({
  status,
  headers: { "content-type": "text/html" },
  body: `<html><body><h1>${status}</h1></body></html>`,
});
const advice =
  /The sale may have taken effect at the gateway: pass this error to gateway\.recover\(error\) to learn whether it did \(order "902B4FF5"\)/;

describe("a sale whose reply is lost", () => {
  it.each([
    ["a 200 HTML page", html(200), "ERR_REPLY_UNREADABLE", /reply \(HTTP 200, text\/html\) could not be read/],
    [
      "a reply cut short",
      { body: '{"type":"async-response","status":"proc' },
      "ERR_REPLY_UNREADABLE",
      /could not be read: empty, cut short/,
    ],
    [
      "a 200 JSON body that is not a gateway reply",
      { body: { message: "upstream request completed", ok: true } },
      "ERR_REPLY_FOREIGN",
      /is not a reply of sale \(expected type async-response\)/,
    ],
    ["a status reply to a sale", { body: statusReply("approved") }, "ERR_REPLY_FOREIGN", /is not a reply of sale/],
    [
      "a sale reply without paynet-order-id, which the spec requires",
      { body: asyncReply({ "paynet-order-id": undefined }) },
      "ERR_REPLY_INCOMPLETE",
      /the reply \(HTTP 200, application\/vnd\.pay\+json\) lacks paynet-order-id, which every reply of sale carries/,
    ],
    [
      "a classic-form sale reply with paynet-order-id and serial-number left out",
      {
        headers: { "content-type": "text/plain" },
        body: "type=async-response\n&status=processing\n&merchant-order-id=902B4FF5\n",
      },
      "ERR_REPLY_INCOMPLETE",
      /lacks serial-number, paynet-order-id, which every reply of sale carries/,
    ],
    [
      "a sale reply whose paynet-order-id is null",
      { body: asyncReply({ "paynet-order-id": null }) },
      "ERR_REPLY_INCOMPLETE",
      /lacks paynet-order-id/,
    ],
    [
      "a proxy's 502 page",
      html(502),
      "ERR_SERVER",
      /HTTP 502 from something between you and the gateway \(not a gateway reply\)/,
    ],
    ["a proxy's 504 page", html(504), "ERR_SERVER", /HTTP 504 from something between you and the gateway/],
  ] as const)(
    "is an error for %s, with an unknown outcome, the client_orderid and what to do",
    async (_, reply, code, said) => {
      const gateway = await gatewayWith(() => reply);
      const { data, error } = await gateway.sale(saleBody);
      expect(data).toBeUndefined();
      expect(error).toBeInstanceOf(code === "ERR_SERVER" ? ServerError : ReplyError);
      // The request rides on the error, redacted: no body, no secret header.
      expect(error?.request?.url).toBe(`${server?.url}/api/v2/sale/1111`);
      expect(error?.request?.body).toBeNull();
      expect(error).toMatchObject({ code, outcome: "unknown", clientOrderId: "902B4FF5", operationId: "sale" });
      expect(error?.message).toMatch(said);
      expect(error?.message).toMatch(advice);
    },
  );

  it("says the gateway itself failed when a 5xx carries a gateway reply", async () => {
    const gateway = await gatewayWith(() => ({
      status: 500,
      body: { type: "error", "error-message": "Internal error", "serial-number": "s-5" },
    }));
    const { error } = await gateway.sale(saleBody);
    expect(error?.message).toMatch(/sale: the gateway answered that it failed \(HTTP 500\): Internal error\./);
    expect(error).toMatchObject({ outcome: "unknown", clientOrderId: "902B4FF5" });
  });

  it("says a complete reply that the client failed on reached the gateway, naming the failure but not its text", async () => {
    const gateway = await gatewayWith(() => ({ body: asyncReply() }));
    // A runtime whose Response class fails on the rebuilt reply (@hono/node-server's put in place
    // of the global one once refused the reply's headers): the reply had come whole.
    const original = globalThis.Response;
    globalThis.Response = class extends original {
      constructor(body?: BodyInit | null, init?: ResponseInit) {
        if (typeof body === "string" && body.includes("async-response"))
          throw new TypeError("immutable headers of 4111111111111111");
        super(body, init);
      }
    };
    let error: unknown;
    try {
      error = (await gateway.sale(saleBody)).error;
    } finally {
      globalThis.Response = original;
    }
    expect(error).toBeInstanceOf(ReplyError);
    expect(error).toMatchObject({ code: "ERR_REPLY_UNREADABLE", outcome: "unknown", clientOrderId: "902B4FF5" });
    const message = (error as ReplyError).message;
    expect(message).toMatch(
      /sale: the client failed on the reply \(HTTP 200, TypeError\); the request reached the gateway\./,
    );
    expect(message).toMatch(advice);
    expect(message).not.toMatch(/4111|before a complete reply/);
  });

  it("gives a TimeoutError and a dropped connection an unknown outcome with the client_orderid", async () => {
    const late = await gatewayWith(() => ({ body: asyncReply(), delayMs: 200 }), { timeoutMs: 30 });
    const timeout = (await late.sale(saleBody)).error;
    expect(timeout).toBeInstanceOf(TimeoutError);
    expect(timeout).toMatchObject({ outcome: "unknown", clientOrderId: "902B4FF5", operationId: "sale" });
    expect(timeout?.message).toMatch(advice);
    await server?.close();
    const dropped = await gatewayWith(() => ({ destroy: true }));
    expect((await dropped.sale(saleBody)).error).toMatchObject({
      name: "NetworkError",
      outcome: "unknown",
      clientOrderId: "902B4FF5",
    });
  });

  it("knows a refused connection never sent the request", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const url = server.url;
    await server.close();
    server = undefined;
    const gateway = createGateway({ baseUrl: url, endpointId: 1111, login: "shop", controlKey: "KEY" });
    const { error } = await gateway.sale(saleBody);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ outcome: "not-applied", clientOrderId: "902B4FF5" });
    expect(error?.message).toMatch(/the connection was refused .*; the request was not sent/);
  });

  const emptyBody = (status: number) => ({ status, headers: { "content-type": "text/plain" }, body: "" });
  it.each([
    ...[408, 400, 403, 429].map((status) => [`an HTML ${status} page`, html(status)] as const),
    ...[408, 400, 403, 429].map((status) => [`an empty ${status}`, emptyBody(status)] as const),
    ["a 400 whose JSON is no gateway reply", { status: 400, body: { error: "Bad Request" } }] as const,
  ])(
    "takes %s for no refusal of the gateway: an unknown outcome that recover asks the gateway about",
    async (_, reply) => {
      const gateway = await gatewayWith((_path, attempt) =>
        attempt === 1 ? reply : { body: statusReply("approved") },
      );
      const { error } = await gateway.sale(saleBody);
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ code: "ERR_SERVER", outcome: "unknown", clientOrderId: "902B4FF5" });
      expect(error?.message).toMatch(
        new RegExp(`sale: HTTP ${reply.status} from something between you and the gateway \\(not a gateway reply\\)`),
      );
      expect(error?.message).toMatch(advice);
      const recovered = await gateway.recover(error);
      expect(recovered.data).toMatchObject({ applied: true, orderid: "777", source: "status" });
      expect(server?.requests.filter((r) => r.path.includes("/status/"))).toHaveLength(1);
    },
  );

  it("keeps a 404 without a gateway reply a baseUrl mistake, with an unknown outcome for a sale", async () => {
    const gateway = await gatewayWith(() => html(404));
    const { error } = await gateway.sale(saleBody);
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ code: "ERR_OPTION_INVALID", field: "baseUrl", outcome: "unknown" });
    expect(error?.message).toMatch(advice);
    // Asked where nothing answers, the recovery says so at once instead of "not applied".
    const recovered = await gateway.recover(error);
    expect(recovered.error).toBeInstanceOf(UsageError);
    expect(recovered.data).toBeUndefined();
    const lookup = await gateway.statusByClientOrderId("902B4FF5");
    expect(lookup.error).toMatchObject({ code: "ERR_OPTION_INVALID", outcome: "not-applied" });
  });

  it("gives a gateway refusal a known outcome: nothing happened", async () => {
    const gateway = await gatewayWith(() => ({
      status: 400,
      body: { type: "validation-error", "error-message": "email: is invalid", "error-code": 1 },
    }));
    expect((await gateway.sale(saleBody)).error).toMatchObject({
      code: "ERR_VALIDATION",
      outcome: "not-applied",
      clientOrderId: "902B4FF5",
    });
  });
});

describe("waiting and recovering through transient failures", () => {
  it("repeats the status query after unreadable, foreign, incomplete and proxy replies, reporting each", async () => {
    const replies: TestReply[] = [
      html(200),
      { body: { ok: true } },
      html(503),
      { body: '{"type":"status-res' },
      { body: { ...statusReply("approved"), status: undefined } },
      { body: statusReply("approved") },
    ];
    const gateway = await gatewayWith((_, attempt) => replies[attempt - 1] ?? { body: statusReply("approved") });
    const progress: PollProgress[] = [];
    const { data, error } = await gateway.waitForFinalStatus(
      { client_orderid: "902B4FF5" },
      { onProgress: (p) => progress.push(p) },
    );
    expect(error).toBeUndefined();
    expect(data?.status).toBe("approved");
    expect(progress.map((p) => p.error?.code)).toEqual([
      "ERR_REPLY_UNREADABLE",
      "ERR_REPLY_FOREIGN",
      "ERR_SERVER",
      "ERR_REPLY_UNREADABLE",
      "ERR_REPLY_INCOMPLETE",
    ]);
  });

  it("tells an order the gateway never received apart by type, and recovers it as not found", async () => {
    const notFound = {
      status: 400,
      body: { type: "validation-error", "error-message": "no order with client_orderid '902B4FF5'", "error-code": 4 },
    };
    const gateway = await gatewayWith(() => notFound);
    const lookup = await gateway.statusByClientOrderId("902B4FF5");
    expect(lookup.error).toBeInstanceOf(OrderNotFoundError);
    expect(lookup.error).toMatchObject({
      code: "ERR_ORDER_NOT_FOUND",
      outcome: "not-applied",
      clientOrderId: "902B4FF5",
    });
    const slept: number[] = [];
    const clock: PollClock = { now: () => 0, sleep: async (ms) => void slept.push(ms) };
    const { data, error } = await gateway.recoverOrder({ client_orderid: "902B4FF5" }, { clock });
    expect(error).toBeUndefined();
    expect(data).toEqual({ found: false, clientOrderId: "902B4FF5" });
    // Asked twice, the schedule's first delay apart: one look could race a request still on its way.
    expect(server?.requests.filter((r) => r.path.includes("/status/"))).toHaveLength(3);
    expect(slept).toEqual([1]);
  });

  it("does not take a refusal of the endpoint itself for an order that is not there", async () => {
    const wrongEndpoint = {
      status: 400,
      body: { type: "validation-error", "error-message": "unknown endpoint 1111", "error-code": 5 },
    };
    const gateway = await gatewayWith(() => wrongEndpoint);
    const lookup = await gateway.statusByClientOrderId("902B4FF5");
    expect(lookup.error).toBeInstanceOf(ValidationError);
    expect(lookup.error?.code).toBe("ERR_VALIDATION");
    const recovered = await gateway.recoverOrder({ client_orderid: "902B4FF5" });
    expect(recovered.error?.code).toBe("ERR_VALIDATION");
  });

  it("recovers an order that a second look finds, through a foreign reply, with its final status", async () => {
    const notFound = { status: 400, body: { type: "validation-error", "error-message": "no order", "error-code": 4 } };
    const replies: TestReply[] = [
      notFound,
      { body: { ok: true } },
      { body: statusReply("processing") },
      { body: statusReply("approved") },
    ];
    const gateway = await gatewayWith((_, attempt) => replies[attempt - 1] ?? { body: statusReply("approved") });
    const { data } = await gateway.recoverOrder({ client_orderid: "902B4FF5" });
    expect(data).toMatchObject({ found: true, clientOrderId: "902B4FF5", orderid: "777", status: "approved" });
  });

  it("refuses an unknown key of an options object, naming it, before anything is sent", async () => {
    const gateway = await gatewayWith(() => ({ body: statusReply("approved") }));
    await expect(
      gateway.waitForFinalStatus({ client_orderid: "A" }, { schedule: { initialDelayMs: 20 } as never }),
    ).rejects.toThrow(
      /waitForFinalStatus: schedule\.initialDelayMs: unknown option; it takes firstDelayMs, firstPhaseMs, laterDelayMs, giveUpAfterUnchangedMs/,
    );
    await expect(gateway.waitForFinalStatus({ client_orderid: "A" }, { timeout: 5 } as never)).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(gateway.sale(saleBody, { timeoutMs: 5 } as never)).rejects.toThrow(
      /sale: options\.timeoutMs: unknown option; it takes signal/,
    );
    await expect(gateway.recoverOrder({ client_orderid: "A", serial: "x" } as never)).rejects.toThrow(
      /recoverOrder: order\.serial: unknown option/,
    );
    expect(() =>
      createGateway({
        baseUrl: "http://127.0.0.1:1/paynet",
        endpointId: 1,
        login: "l",
        controlKey: "k",
        timeout: 5,
      } as never),
    ).toThrow(/createGateway: timeout: unknown option; it takes baseUrl, endpointId/);
    expect(server?.requests).toHaveLength(0);
  });
});
