import { inspect } from "node:util";
import { CardProcessingError, isCardProcessingError, SigningError } from "@card-processing/signing";
import { afterEach, describe, expect, it } from "vitest";
import { saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { GatewayError } from "./gateway-error.js";
import { NetworkError } from "./network-error.js";
import { OrderNotFoundError } from "./order-not-found-error.js";
import { ReplyError } from "./reply-error.js";
import { ServerError } from "./server-error.js";
import { SignatureError } from "./signature-error.js";
import { StatusUnchangedError } from "./status-unchanged-error.js";
import { TimeoutError } from "./timeout-error.js";
import { UsageError } from "./usage-error.js";
import { ValidationError } from "./validation-error.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("one error family", () => {
  it("catches what createGateway throws (SigningError, UsageError) and what it returns with one instanceof", async () => {
    server = await startTestServer(() => ({
      status: 400,
      body: { type: "validation-error", "error-message": "no", "error-code": 1 },
    }));
    const gateway = createGateway({ baseUrl: server.url, endpointId: 1111, login: "shop", controlKey: "KEY" });
    const thrown = await gateway.sale({ ...saleBody, amount: "10.425" }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(SigningError);
    expect(thrown).toBeInstanceOf(CardProcessingError);
    expect(thrown).not.toBeInstanceOf(GatewayError);
    const misuse = await gateway.sale(saleBody, { timeout: 1 } as never).catch((error: unknown) => error);
    expect(misuse).toBeInstanceOf(UsageError);
    expect(misuse).toBeInstanceOf(CardProcessingError);
    const { error } = await gateway.sale(saleBody);
    expect(error).toBeInstanceOf(CardProcessingError);
    expect(error?.code).toBe("ERR_VALIDATION");
  });

  it("recognises a family error from another copy of the packages by name and code, and nothing else", () => {
    const foreign = Object.assign(new Error("elsewhere"), { name: "TimeoutError", code: "ERR_TIMEOUT" });
    expect(isCardProcessingError(foreign)).toBe(true);
    expect(isCardProcessingError(Object.assign(new Error("x"), { name: "TimeoutError" }))).toBe(false);
    expect(isCardProcessingError(new DOMException("late", "TimeoutError"))).toBe(false);
    expect(isCardProcessingError({ name: "SigningError", code: "ERR_KEY_MISSING" })).toBe(false);
  });

  it("keeps the request on a returned error without its body or secret headers", async () => {
    server = await startTestServer(() => ({ status: 500, body: { type: "error", "error-message": "down" } }));
    const gateway = createGateway({ baseUrl: server.url, endpointId: 1111, login: "shop", controlKey: "KEY" });
    const { error } = await gateway.payout({
      client_orderid: "P1",
      amount: "5.00",
      currency: "USD",
      order_desc: "x",
      "destination-card-no": "4111111111111111",
    });
    expect(error?.request?.method).toBe("POST");
    expect(error?.request?.url).toBe(`${server.url}/api/v2/payout/1111`);
    expect(error?.request?.headers.has("authorization")).toBe(false);
    expect(error?.request?.body).toBeNull();
    expect(server.requests[0]?.headers.authorization).toMatch(/^OAuth /);
  });
});

describe("every error of the family", () => {
  const card = "4111111111111111";
  // Every option an error takes, each holding the card number.
  const given = {
    cause: new TypeError(`fetch https://gw.example/x?pan=${card}`, { cause: new Error(`socket ${card}`) }),
    request: new Request(`https://gw.example/paynet/api/v2/status/1?pan=${card}`, {
      method: "POST",
      headers: { "x-order": card, authorization: "OAuth secret" },
      body: `credit_card_number=${card}`,
    }),
    response: new Response(null, { status: 502, headers: { "x-echo": `order-${card}` } }),
    serialNumber: `s-${card}`,
    operationId: "status",
    clientOrderId: `order-${card}`,
    gatewayMessage: `refused ${card}`,
    field: `field-${card}`,
  };
  const message = `status: about order-${card}`;
  const errors: Array<[string, CardProcessingError]> = [
    ["CardProcessingError", new CardProcessingError("ERR_X", message, given)],
    ["SigningError", new SigningError("ERR_FIELD_MISSING", message, given)],
    ["GatewayError", new GatewayError("ERR_SERVER", message, given)],
    ["ValidationError", new ValidationError(message, given)],
    ["OrderNotFoundError", new OrderNotFoundError(message, given)],
    ["ServerError", new ServerError(message, given)],
    ["ReplyError", new ReplyError(message, { ...given, code: "ERR_REPLY_FOREIGN" })],
    ["TimeoutError", new TimeoutError(message, { ...given, timeoutMs: 1 })],
    ["StatusUnchangedError", new StatusUnchangedError(message, { ...given, unchangedForMs: 1, lastStatus: card })],
    ["NetworkError", new NetworkError(message, given)],
    ["SignatureError", new SignatureError(message, { ...given, code: "ERR_SIGNATURE_INVALID" })],
    ["UsageError", new UsageError("ERR_OPTION_INVALID", message, given)],
  ];

  it.each(errors)("%s masks a card number in every field, as String, JSON and util.inspect show it", (_, error) => {
    for (const [form, text] of [
      ["String", String(error)],
      ["JSON", JSON.stringify(error)],
      ["util.inspect", inspect(error, { depth: 10, showHidden: true })],
      ["stack", error.stack ?? ""],
    ]) {
      expect(text, form).not.toContain(card);
      expect(text, form).not.toContain(card.slice(6, 12));
    }
    expect(error.message).toBe("status: about order-411111******1111");
    if (error instanceof GatewayError) {
      expect(error.clientOrderId).toBe("order-411111******1111");
      expect(error.request?.url).toBe("https://gw.example/paynet/api/v2/status/1?pan=411111******1111");
      expect(error.request?.headers.get("x-order")).toBe("411111******1111");
      expect(error.request?.headers.has("authorization")).toBe(false);
      expect(error.request?.body).toBeNull();
      expect(error.response?.headers.get("x-echo")).toBe("order-411111******1111");
      expect(error.response?.status).toBe(502);
    }
  });

  it.each(errors)("%s carries outcome", (_, error) => {
    expect(isCardProcessingError(error)).toBe(true);
    expect(["unknown", "not-applied"]).toContain(error.outcome);
  });

  it("says not-applied for every error thrown before sending: a SigningError and a UsageError", async () => {
    const gateway = createGateway({
      baseUrl: "http://127.0.0.1:1/paynet",
      endpointId: 1111,
      login: "shop",
      controlKey: "KEY",
    });
    const signing = await gateway.sale({ ...saleBody, amount: "10.425" }).catch((e: unknown) => e);
    const usage = await gateway.sale(saleBody, { timeout: 1 } as never).catch((e: unknown) => e);
    for (const error of [signing, usage]) {
      expect(isCardProcessingError(error)).toBe(true);
      if (isCardProcessingError(error)) expect(error.outcome).toBe("not-applied");
    }
    expect(signing).toBeInstanceOf(SigningError);
    expect(usage).toBeInstanceOf(UsageError);
  });
});
