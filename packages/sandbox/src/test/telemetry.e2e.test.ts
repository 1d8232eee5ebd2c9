import { createGateway } from "@card-processing/client";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { orderId, paymentBody } from "./sandbox-fixture.testlib.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 10, settleDelayMs: Infinity, logger: () => {} });
});
afterAll(() => sandbox.close());

describe("the client's telemetry against the sandbox", () => {
  it("traces a sale whose reply is lost, then its recovery, with the order's ids and outcome", async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const gateway = createGateway({
      baseUrl: sandbox.url,
      endpointId: sandbox.endpointIds[0] ?? "1111",
      login: sandbox.login,
      controlKey: sandbox.controlKey,
      polling: { firstDelayMs: [10, 20] },
      telemetry: { tracerProvider },
    });
    const clientOrderId = orderId("otel");
    sandbox.faults.next({ kind: "reset-after", operation: "sale" });
    const { error } = await gateway.sale(paymentBody(clientOrderId, "4111111111111111", "10.00"));
    expect(error?.outcome).toBe("unknown");
    const recovered = await gateway.recover(error);
    expect(recovered.data?.applied).toBe(true);
    const orderid = recovered.data?.applied === true ? recovered.data.orderid : "";

    const spans = exporter.getFinishedSpans();
    if (process.env["PRINT_TRACE"]) {
      for (const span of spans)
        console.log(JSON.stringify({ name: span.name, status: span.status, attributes: span.attributes }, null, 2));
    }
    expect(spans.map((s) => [s.name, s.kind])).toEqual([
      ["card-processing sale", SpanKind.CLIENT],
      ["card-processing recover", SpanKind.CLIENT],
    ]);
    const [sale, recover] = spans;
    const address = new URL(sandbox.url);
    expect(sale?.status.code).toBe(SpanStatusCode.ERROR);
    expect(sale?.attributes).toEqual({
      "card_processing.operation": "sale",
      "card_processing.endpoint_id": String(sandbox.endpointIds[0] ?? "1111"),
      "card_processing.client_orderid": clientOrderId,
      "card_processing.outcome": "unknown",
      "error.type": "ERR_NETWORK",
      "http.request.method": "POST",
      "server.address": address.hostname,
      "server.port": Number(address.port),
      "url.full": `${sandbox.url}/api/v2/sale/${sandbox.endpointIds[0] ?? "1111"}`,
    });
    expect(sale?.events.map((e) => e.name)).toEqual(["exception"]);
    expect(recover?.status.code).toBe(SpanStatusCode.UNSET);
    expect(recover?.attributes).toMatchObject({
      "card_processing.operation": "recover",
      "card_processing.recovery.operation": "sale",
      "card_processing.client_orderid": clientOrderId,
      "card_processing.recovery.applied": "true",
      "card_processing.recovery.source": "status",
      "card_processing.outcome": "applied",
      "card_processing.orderid": orderid,
      "card_processing.status": expect.stringMatching(/^(processing|approved)$/),
    });
    expect(orderid).toMatch(/^\d+$/);
  });
});
