// Running in production: the gateway's calls, waits and recoveries traced with OpenTelemetry, and
// the four figures to alert on: unknown outcomes, recoveries, callback failures, latency by
// operation. In-memory exporters here, so that the program can check what a collector would get.
import { createGateway, signCallback } from "@card-processing/client";
import { createCallbackHandler } from "@card-processing/client/callback-handler";
import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import {
  AggregationTemporality,
  type DataPoint,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

// 1. The providers. In production the OpenTelemetry Node SDK registers global ones with an OTLP
//    exporter, and `telemetry: true` uses them; spans then nest under your request's span.
const spans = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const metrics = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const meterProvider = new MeterProvider({
  readers: [new PeriodicExportingMetricReader({ exporter: metrics, exportIntervalMillis: 60_000 })],
});

const sandbox = await startSandbox({ latencyMs: 50 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
  polling: { firstDelayMs: [250, 400] }, // the sandbox answers at once; keep the documented cadence live
  telemetry: { tracerProvider, meterProvider },
});

// 2. Callback failures are the shop's own figure: count them where the handler reports them.
const callbackFailures = meterProvider.getMeter("shop").createCounter("shop.callback.failures");
const handleCallback = createCallbackHandler({
  controlKey: sandbox.controlKey,
  onCallback: async (callback) => {
    if (callback.client_orderid.startsWith("broken")) throw new Error("the order table is down");
  },
  onError: () => callbackFailures.add(1),
});

function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}

const run = Date.now().toString(36);
try {
  // 3. A sale and its wait: a span each, every status query an event of the wait's span.
  const sent = await gateway.sale({ ...sampleOrder(`prod-${run}`), ...testCard() });
  if (sent.error) throw sent.error;
  await gateway.waitForFinalStatus({ client_orderid: `prod-${run}`, orderid: sent.data["paynet-order-id"] });

  // 4. A sale whose reply is lost after the card was charged: outcome unknown, then recovered.
  sandbox.faults.next({ kind: "reset-after", operation: "sale" });
  const lost = await gateway.sale({ ...sampleOrder(`prod-lost-${run}`, { amount: "5.00" }), ...testCard() });
  const recovered = await gateway.recover(lost.error);
  expectThat(recovered.data?.applied === true, "the lost sale was applied: the recovery says so, no second charge");

  // 5. A callback the shop fails to handle: answered 500 (the gateway delivers it again), and counted.
  const query = await signCallback(
    { status: "approved", type: "sale", orderid: "1", client_orderid: `broken-${run}` },
    sandbox.controlKey,
  );
  const reply = await handleCallback(new Request(`https://shop.example.com/callback?${query}`));
  expectThat(reply.status === 500, "a callback that failed was answered 500, so the gateway retries it");

  // 6. What the collector receives.
  const names = spans.getFinishedSpans().map((span) => span.name);
  expectThat(
    names.join(", ") ===
      "card-processing sale, card-processing waitForFinalStatus, card-processing sale, card-processing recover",
    `spans: ${names.join(", ")}`,
  );
  await meterProvider.forceFlush();
  const points = metrics
    .getMetrics()
    .flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics))
    .flatMap((metric) =>
      (metric.dataPoints as DataPoint<unknown>[]).map((point) => ({ name: metric.descriptor.name, ...point })),
    );
  const total = (name: string) => points.filter((p) => p.name === name).reduce((sum, p) => sum + Number(p.value), 0);
  expectThat(total("card_processing.unknown_outcomes") === 1, "alert figure: 1 call with an unknown outcome");
  expectThat(
    points.some(
      (p) => p.name === "card_processing.recoveries" && p.attributes["card_processing.recovery.applied"] === "true",
    ),
    "alert figure: 1 recovery, applied true",
  );
  expectThat(total("shop.callback.failures") === 1, "alert figure: 1 callback failure");
  const latency = points.filter((p) => p.name === "card_processing.operation.duration");
  expectThat(
    latency.some((p) => p.attributes["card_processing.operation"] === "sale"),
    `latency by operation: ${[...new Set(latency.map((p) => p.attributes["card_processing.operation"]))].join(", ")}`,
  );
} finally {
  await meterProvider.shutdown();
  await tracerProvider.shutdown();
  await sandbox.close();
}
