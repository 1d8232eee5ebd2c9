import { afterEach, describe, expect, it } from "vitest";
import { recordTelemetry } from "../../test/recorded-telemetry.js";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { UsageError } from "../errors/usage-error.js";
import { telemetryNames as n } from "../telemetry/telemetry-names.js";

let server: TestServer | undefined;
let recorded: ReturnType<typeof recordTelemetry> | undefined;
afterEach(async () => {
  await server?.close();
  await recorded?.close();
  server = undefined;
  recorded = undefined;
});

const gatewayAt = (url: string, telemetry?: ReturnType<typeof recordTelemetry>["providers"]) =>
  createGateway({
    baseUrl: url,
    endpointId: 1111,
    login: "shop",
    controlKey: "KEY",
    polling: { firstDelayMs: [1, 2] },
    telemetry,
  });

const statusReply = {
  type: "status-response",
  status: "approved",
  amount: "10.42",
  currency: "USD",
  "paynet-order-id": 1234567,
  "merchant-order-id": saleBody.client_orderid,
  "serial-number": "s-status",
};

describe("sendOnce refuses misuse before anything is sent", () => {
  const refund = {
    client_orderid: "902B4FF5",
    orderid: "1234567",
    amount: "3.00",
    currency: "USD",
    comment: "one mug",
  };

  it.each([
    [
      "an operation that moves no money",
      () => ["status", { client_orderid: "902B4FF5" }],
      /sendOnce: operation: expected an operation that moves money/,
    ],
    [
      "a follow-up without the orderid it is recovered by",
      () => ["return", { ...refund, orderid: undefined }],
      /sendOnce: orderid: required: a lost return is recovered by it/,
    ],
    [
      "a sale without client_orderid",
      () => ["sale", { ...saleBody, client_orderid: "" }],
      /sendOnce: client_orderid: required/,
    ],
    [
      "a client_orderid holding a card number",
      () => ["sale", { ...saleBody, client_orderid: "order-4111111111111111" }],
      /client_orderid: holds a card number/,
    ],
    ["an unknown option", () => ["return", refund, { retries: 5 }], /sendOnce: options\.retries: unknown option/],
    [
      "a budget of no sends",
      () => ["return", refund, { sends: 0 }],
      /sendOnce: options\.sends: expected a whole number from 1/,
    ],
  ] as const)("%s", async (_, args, message) => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const gateway = gatewayAt(server.url);
    const [operation, body, options] = args() as unknown as [never, never, never];
    const thrown = await gateway.sendOnce(operation, body, options).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });
});

describe("sendOnce's telemetry", () => {
  it("puts the loop in one span saying how it got through, beside the spans of its send and its recovery", async () => {
    let sales = 0;
    server = await startTestServer((request) =>
      request.path.includes("/sale/") && sales++ === 0 ? { destroy: true } : { body: statusReply },
    );
    recorded = recordTelemetry();
    const gateway = gatewayAt(server.url, recorded.providers);
    const { data, error } = await gateway.sendOnce("sale", saleBody);
    expect(error).toBeUndefined();
    expect([data?.how, data?.sends, data?.recoveries, data?.orderid]).toEqual(["recovered", 1, 1, "1234567"]);
    expect(sales).toBe(1);
    const names = recorded.spans().map((s) => s.name);
    expect(names).toEqual(["card-processing sale", "card-processing recover", "card-processing sendOnce"]);
    expect(recorded.spans()[2]?.attributes).toMatchObject({
      [n.operation]: "sendOnce",
      [n.recoveredOperation]: "sale",
      [n.clientOrderId]: saleBody.client_orderid,
      [n.sendOnceHow]: "recovered",
      [n.sendOnceSends]: 1,
      [n.sendOnceRecoveries]: 1,
      [n.status]: "approved",
      [n.outcome]: "approved",
      [n.orderid]: "1234567",
    });
    const points = await recorded.points();
    expect(points.find((p) => p.name === n.durationMetric && p.attributes[n.operation] === "sendOnce")).toBeDefined();
  });
});
