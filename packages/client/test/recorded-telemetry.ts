import {
  AggregationTemporality,
  type DataPoint,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";

/** One metric data point as a test reads it: the metric's name, its attributes and its value. */
export interface RecordedPoint {
  readonly name: string;
  readonly attributes: Record<string, unknown>;
  readonly value: unknown;
}

/**
 * OpenTelemetry's SDK with in-memory exporters: the providers to give a gateway, and what they
 * recorded (finished spans; metric points after a flush).
 */
export function recordTelemetry() {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    /** The `telemetry` option of a gateway that records here. */
    providers: { tracerProvider, meterProvider },
    tracerProvider,
    meterProvider,
    spans: (): ReadableSpan[] => spanExporter.getFinishedSpans(),
    /** Every data point recorded so far, of the latest collection. */
    async points(): Promise<RecordedPoint[]> {
      metricExporter.reset();
      await meterProvider.forceFlush();
      const points: RecordedPoint[] = [];
      for (const resource of metricExporter.getMetrics())
        for (const scope of resource.scopeMetrics)
          for (const metric of scope.metrics)
            for (const point of metric.dataPoints as DataPoint<unknown>[])
              points.push({ name: metric.descriptor.name, attributes: { ...point.attributes }, value: point.value });
      return points;
    },
    async close(): Promise<void> {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}

/** Everything a span shows a reader or an exporter: name, attributes, events, status, as JSON. */
export function spanText(span: ReadableSpan): string {
  return JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    events: span.events.map((event) => ({ name: event.name, attributes: event.attributes })),
    status: span.status,
  });
}
