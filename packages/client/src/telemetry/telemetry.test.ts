import { metrics, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it } from "vitest";
import { recordTelemetry } from "../../test/recorded-telemetry.js";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { telemetryNames as n } from "./telemetry-names.js";

let server: TestServer | undefined;
let recorded: ReturnType<typeof recordTelemetry> | undefined;
afterEach(async () => {
  await server?.close();
  await recorded?.close();
  trace.disable();
  metrics.disable();
  server = undefined;
  recorded = undefined;
});

function gatewayAt(url: string, telemetry: Parameters<typeof createGateway>[0]["telemetry"]) {
  return createGateway({
    baseUrl: url,
    endpointId: 1111,
    login: "merchant",
    controlKey: "key",
    polling: { firstDelayMs: [1, 2] },
    telemetry,
  });
}

const statusReply = (status: string) => ({
  type: "status-response",
  status,
  amount: "10.42",
  currency: "USD",
  "paynet-order-id": 1234567,
  "merchant-order-id": "902B4FF5",
  "serial-number": "s-status",
  ...(status === "declined" ? { "error-code": 5, "error-message": "Declined by issuer" } : {}),
});

describe("telemetry: spans and metrics of the gateway's calls", () => {
  it("puts a sale in a CLIENT span named for it, with the order, the reply and the address", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    recorded = recordTelemetry();
    const gateway = gatewayAt(server.url, recorded.providers);
    const { data } = await gateway.sale(saleBody);
    expect(data?.status).toBe("processing");
    const [span, ...more] = recorded.spans();
    expect(more).toHaveLength(0);
    expect(span?.name).toBe("card-processing sale");
    expect(span?.kind).toBe(SpanKind.CLIENT);
    const port = Number(new URL(server.url).port);
    expect(span?.attributes).toEqual({
      [n.operation]: "sale",
      [n.endpointId]: "1111",
      [n.clientOrderId]: saleBody.client_orderid,
      [n.orderid]: "1234567",
      [n.status]: "processing",
      [n.outcome]: "processing",
      [n.serialNumber]: "00000000-0000-0000-0000-0000026f8e3a",
      [n.httpRequestMethod]: "POST",
      [n.httpResponseStatusCode]: 200,
      [n.serverAddress]: "127.0.0.1",
      [n.serverPort]: port,
      [n.urlFull]: `http://127.0.0.1:${port}/paynet/api/v2/sale/1111`,
    });
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    const points = await recorded.points();
    const duration = points.find((p) => p.name === n.durationMetric);
    expect(duration?.attributes).toEqual({ [n.operation]: "sale", [n.outcome]: "processing" });
    expect(duration?.value).toMatchObject({ count: 1 });
    expect(points.some((p) => p.name === n.unknownOutcomesMetric)).toBe(false);
  });

  it("names the endpoint group and its address in the span of a gateway on a group", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    recorded = recordTelemetry();
    const gateway = createGateway({
      baseUrl: server.url,
      endpointGroupId: 42,
      login: "merchant",
      controlKey: "key",
      telemetry: recorded.providers,
    });
    await gateway.sale(saleBody);
    const [span] = recorded.spans();
    const port = Number(new URL(server.url).port);
    expect(span?.attributes).toMatchObject({
      [n.endpointGroupId]: "42",
      [n.urlFull]: `http://127.0.0.1:${port}/paynet/api/v2/sale/group/42`,
    });
    expect(span?.attributes).not.toHaveProperty(n.endpointId);
  });

  it("records a refusal as an ERROR span with its exception, error type and the gateway's code", async () => {
    server = await startTestServer(() => ({
      status: 400,
      body: { type: "validation-error", "error-message": "amount too large", "error-code": 2, "serial-number": "s-1" },
    }));
    recorded = recordTelemetry();
    const { error } = await gatewayAt(server.url, recorded.providers).sale(saleBody);
    expect(error?.code).toBe("ERR_VALIDATION");
    const span = recorded.spans()[0];
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.attributes).toMatchObject({
      [n.errorType]: "ERR_VALIDATION",
      [n.outcome]: "not-applied",
      [n.gatewayErrorCode]: 2,
      [n.httpResponseStatusCode]: 400,
      [n.serialNumber]: "s-1",
    });
    const exception = span?.events.find((e) => e.name === "exception");
    expect(exception?.attributes?.["exception.type"]).toBe("ERR_VALIDATION");
    expect(exception?.attributes?.["exception.message"]).toBe(error?.message);
  });

  it("counts a call whose outcome is unknown, by operation", async () => {
    server = await startTestServer(() => ({ destroy: true }));
    recorded = recordTelemetry();
    const { error } = await gatewayAt(server.url, recorded.providers).sale(saleBody);
    expect(error?.outcome).toBe("unknown");
    expect(recorded.spans()[0]?.attributes).toMatchObject({ [n.outcome]: "unknown", [n.errorType]: "ERR_NETWORK" });
    const points = await recorded.points();
    expect(points.find((p) => p.name === n.unknownOutcomesMetric)).toMatchObject({
      attributes: { [n.operation]: "sale" },
      value: 1,
    });
    expect(points.find((p) => p.name === n.durationMetric)?.attributes).toEqual({
      [n.operation]: "sale",
      [n.outcome]: "unknown",
      [n.errorType]: "ERR_NETWORK",
    });
  });

  it("puts a wait in one span with each status query an event, and still calls the caller's onProgress", async () => {
    const statuses = ["processing", "processing", "declined"];
    server = await startTestServer(() => ({ body: statusReply(statuses.shift() ?? "declined") }));
    recorded = recordTelemetry();
    const seen: number[] = [];
    const { data } = await gatewayAt(server.url, recorded.providers).waitForFinalStatus(
      { client_orderid: "902B4FF5", orderid: "1234567" },
      { onProgress: (p) => seen.push(p.attempt) },
    );
    expect(data?.status).toBe("declined");
    expect(seen).toEqual([1, 2]);
    const [span] = recorded.spans();
    expect(span?.name).toBe("card-processing waitForFinalStatus");
    expect(span?.events.map((e) => [e.name, e.attributes?.[n.pollAttempts], e.attributes?.[n.status]])).toEqual([
      [n.pollEvent, 1, "processing"],
      [n.pollEvent, 2, "processing"],
    ]);
    expect(span?.attributes).toMatchObject({
      [n.pollAttempts]: 3,
      [n.status]: "declined",
      [n.outcome]: "declined",
      [n.gatewayErrorCode]: 5,
      [n.clientOrderId]: "902B4FF5",
    });
  });

  it("puts recover in a span of its own and counts the recovery by what it learned", async () => {
    let sales = 0;
    server = await startTestServer((request) =>
      request.path.includes("/sale/") && sales++ === 0 ? { destroy: true } : { body: statusReply("approved") },
    );
    recorded = recordTelemetry();
    const gateway = gatewayAt(server.url, recorded.providers);
    const { error } = await gateway.sale(saleBody);
    const recovered = await gateway.recover(error);
    expect(recovered.data?.applied).toBe(true);
    expect(recorded.spans().map((s) => s.name)).toEqual(["card-processing sale", "card-processing recover"]);
    expect(recorded.spans()[1]?.attributes).toMatchObject({
      [n.recoveredOperation]: "sale",
      [n.recoveryApplied]: "true",
      [n.recoverySource]: "status",
      [n.outcome]: "applied",
      [n.status]: "approved",
      [n.orderid]: "1234567",
      [n.clientOrderId]: saleBody.client_orderid,
    });
    const points = await recorded.points();
    expect(points.find((p) => p.name === n.recoveriesMetric)).toMatchObject({
      attributes: { [n.operation]: "recover", [n.recoveredOperation]: "sale", [n.recoveryApplied]: "true" },
      value: 1,
    });
  });

  it("uses the global providers with telemetry: true, and records nothing without the option", async () => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    recorded = recordTelemetry();
    trace.setGlobalTracerProvider(recorded.tracerProvider);
    metrics.setGlobalMeterProvider(recorded.meterProvider);
    await gatewayAt(server.url, undefined).sale(saleBody);
    await gatewayAt(server.url, false).sale(saleBody);
    expect(recorded.spans()).toHaveLength(0);
    await gatewayAt(server.url, true).sale(saleBody);
    expect(recorded.spans().map((s) => s.name)).toEqual(["card-processing sale"]);
    expect((await recorded.points()).map((p) => p.name)).toContain(n.durationMetric);
  });

  it("refuses an unknown telemetry option by name at creation", () => {
    expect(() => gatewayAt("http://127.0.0.1:1/paynet", { tracer: {} } as never)).toThrow(/telemetry\.tracer/);
    expect(() => gatewayAt("http://127.0.0.1:1/paynet", "yes" as never)).toThrow(/telemetry/);
  });
});
