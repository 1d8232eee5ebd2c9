// OpenTelemetry: the gateway's calls, waits and recoveries as spans and metrics, printed to the
// console here (in production, an OTLP exporter to your collector). A sale approved, then a sale
// whose reply is lost and its recovery. Runs on its own sandbox:
//   npx tsx examples/09-telemetry.ts
import { createGateway } from "@card-processing/client";
import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { ConsoleMetricExporter, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";

// Spans go to the console, and to memory so that this program can check them.
const recorded = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter()), new SimpleSpanProcessor(recorded)],
});
const reader = new PeriodicExportingMetricReader({
  exporter: new ConsoleMetricExporter(),
  exportIntervalMillis: 60_000,
});
const meterProvider = new MeterProvider({ readers: [reader] });

const sandbox = await startSandbox({ latencyMs: 50 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
  polling: { firstDelayMs: [250, 400] },
  // `telemetry: true` would use the global providers that the OpenTelemetry Node SDK registers.
  telemetry: { tracerProvider, meterProvider },
});
const card = testCard();
let failed = false;
function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) failed = true;
}

try {
  // 1. A sale and its wait: two spans, each status query an event of the wait's span.
  const paid = `otel-${Date.now().toString(36)}`;
  const sent = await gateway.sale({ ...sampleOrder(paid), ...card });
  if (sent.error) throw sent.error;
  const final = await gateway.waitForFinalStatus({ client_orderid: paid, orderid: sent.data["paynet-order-id"] });
  check(final.data?.status === "approved", `sale ${paid}: ${final.data?.status}`);

  // 2. A sale whose reply is lost after the gateway charged the card, then its recovery.
  const lost = `otel-lost-${Date.now().toString(36)}`;
  sandbox.faults.next({ kind: "reset-after", operation: "sale" });
  const { error } = await gateway.sale({ ...sampleOrder(lost, { amount: "5.00" }), ...card });
  const recovered = await gateway.recover(error);
  check(recovered.data?.applied === true, `lost reply recovered: applied ${recovered.data?.applied}`);

  const spans = recorded.getFinishedSpans();
  check(
    spans.map((span) => span.name).join(", ") ===
      "card-processing sale, card-processing waitForFinalStatus, card-processing sale, card-processing recover",
    `spans: ${spans.map((span) => span.name).join(", ")}`,
  );
  const unknown = spans[2]?.attributes["card_processing.outcome"];
  const applied = spans[3]?.attributes["card_processing.recovery.applied"];
  check(
    unknown === "unknown" && applied === "true",
    `outcome of the lost sale: ${unknown}, recovery applied: ${applied}`,
  );
} finally {
  await meterProvider.forceFlush(); // prints the duration histogram and the counters
  await meterProvider.shutdown();
  await tracerProvider.shutdown();
  await sandbox.close();
}
process.exit(failed ? 1 : 0);
