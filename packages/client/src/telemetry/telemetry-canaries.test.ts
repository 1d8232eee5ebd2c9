import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterEach, describe, expect, it } from "vitest";
import { recordTelemetry, spanText } from "../../test/recorded-telemetry.js";
import { type RecordedRequest, saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { telemetryNames as n } from "./telemetry-names.js";

// Secret canaries, as in secret-canaries.test.ts: none may reach a span's name, attributes, events
// (exceptions, polls) or status, nor a metric's attributes; a card number inside a client_orderid
// shows as its first six and last four digits at most.
const CARD = "4000056655665556"; // Luhn-valid
const CVV = "913";
const CONTROL_KEY = "CANARY-CONTROL-KEY-7f3a";
const ORDER_WITH_CARD = `ORD-${CARD}`;

let server: TestServer | undefined;
let recorded: ReturnType<typeof recordTelemetry> | undefined;
afterEach(async () => {
  await server?.close();
  await recorded?.close();
  server = undefined;
  recorded = undefined;
});

function expectNoCanary(where: string, text: string): void {
  expect(text, `${where}: card number`).not.toContain(CARD);
  expect(text, `${where}: card number digits 7-12`).not.toContain(CARD.slice(6, 12));
  expect(text, `${where}: CVV`).not.toMatch(new RegExp(`(?<![0-9])${CVV}(?![0-9])`));
  expect(text, `${where}: control key`).not.toContain(CONTROL_KEY);
  for (const request of server?.requests ?? []) {
    const control = request.form.get("control");
    if (control) expect(text, `${where}: control value`).not.toContain(control);
    const oauth = /oauth_signature="([^"]+)"/.exec(String(request.headers["authorization"] ?? ""))?.[1];
    if (oauth) expect(text, `${where}: OAuth signature`).not.toContain(decodeURIComponent(oauth));
  }
}

async function expectCleanTelemetry(): Promise<ReadableSpan[]> {
  const spans = recorded?.spans() ?? [];
  expect(spans.length).toBeGreaterThan(0);
  for (const span of spans) expectNoCanary(span.name, spanText(span));
  expectNoCanary("metrics", JSON.stringify((await recorded?.points())?.map((p) => [p.name, p.attributes])));
  return spans;
}

/** A gateway that repeats the whole request in its error message, as some gateways do. */
const echo = (request: RecordedRequest) => ({
  status: 400,
  body: {
    type: "validation-error",
    "error-message": `bad request: ${request.body} ${decodeURIComponent(request.body)}`,
    "error-code": 1,
    "serial-number": "s-1",
  },
});

const canarySale = { ...saleBody, client_orderid: ORDER_WITH_CARD, credit_card_number: CARD, cvv2: CVV };

function gatewayAt(url: string, timeoutMs = 30_000) {
  recorded = recordTelemetry();
  return createGateway({
    baseUrl: url,
    endpointId: 1111,
    login: "canary-merchant",
    controlKey: CONTROL_KEY,
    timeoutMs,
    polling: { firstDelayMs: [1, 2] },
    telemetry: recorded.providers,
  });
}

describe("telemetry keeps secret canaries out of spans and metrics", () => {
  it("from a refusal whose reply repeats the request, card number in the client_orderid", async () => {
    server = await startTestServer(echo);
    const { error } = await gatewayAt(server.url).sale(canarySale);
    expect(server.requests[0]?.form.get("cvv2")).toBe(CVV);
    expect(error?.code).toBe("ERR_VALIDATION");
    const [span] = await expectCleanTelemetry();
    expect(span?.attributes[n.clientOrderId]).toBe("ORD-400005******5556");
    expect(span?.events.some((e) => e.name === "exception")).toBe(true);
  });

  it("from a timeout, a lost reply, its recovery and a wait", async () => {
    let calls = 0;
    server = await startTestServer((request) => {
      calls += 1;
      if (calls === 1) return { body: {}, delayMs: 300 };
      if (calls === 2) return { destroy: true };
      return {
        body: {
          type: "status-response",
          status: calls < 5 ? "processing" : "approved",
          amount: "10.42",
          currency: "USD",
          "paynet-order-id": 1234567,
          "merchant-order-id": request.form.get("client_orderid"),
          "serial-number": "s-2",
        },
      };
    });
    const gateway = gatewayAt(server.url, 100);
    expect((await gateway.sale(canarySale)).error?.code).toBe("ERR_TIMEOUT");
    const lost = await gateway.sale(canarySale);
    expect(lost.error?.outcome).toBe("unknown");
    // The error masks the card number inside the id, so recover refuses it and names recoverOrder.
    await expect(gateway.recover(lost.error)).rejects.toThrow(/masked in the error: recover with gateway.recoverOrder/);
    expect((await gateway.recoverOrder({ client_orderid: ORDER_WITH_CARD })).data?.found).toBe(true);
    expect((await gateway.waitForFinalStatus({ client_orderid: ORDER_WITH_CARD })).data?.status).toBe("approved");
    const spans = await expectCleanTelemetry();
    expect(spans.map((s) => s.name)).toEqual([
      "card-processing sale",
      "card-processing sale",
      "card-processing recover",
      "card-processing recoverOrder",
      "card-processing waitForFinalStatus",
    ]);
    expect((spans[3]?.events.length ?? 0) + (spans[4]?.events.length ?? 0)).toBeGreaterThan(0);
  });

  it("from misuse thrown before sending", async () => {
    server = await startTestServer(echo);
    const gateway = gatewayAt(server.url);
    await expect(gateway.sale({ ...canarySale, amount: "10.425" })).rejects.toThrow(/amount/);
    await expect(gateway.recover(new Error(`not ours ${CARD}`))).rejects.toThrow(/error/);
    const spans = await expectCleanTelemetry();
    expect(spans.map((s) => s.attributes[n.errorType])).toEqual(["ERR_AMOUNT_INVALID", "ERR_FIELD_INVALID"]);
    expect(server.requests).toHaveLength(0);
  });
});
