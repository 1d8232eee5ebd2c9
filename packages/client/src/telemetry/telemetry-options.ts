/**
 * Where the gateway's spans and metrics go: an OpenTelemetry `TracerProvider` and `MeterProvider`
 * (from `@opentelemetry/api` 1.9 or later, an optional peer dependency). One left out falls back
 * to the global one that `@opentelemetry/api` holds; `telemetry: true` uses both global ones.
 * Typed by shape so that the client's types need no `@opentelemetry/api` installed.
 *
 * @example
 * ```ts
 * import { createGateway, type TelemetryOptions } from "@card-processing/client";
 * import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
 *
 * const telemetry: TelemetryOptions = {
 *   tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())] }),
 * };
 * const gateway = createGateway({ baseUrl, endpointId: 1111, login, controlKey, telemetry });
 * ```
 */
export interface TelemetryOptions {
  /** Gives the tracer the gateway's spans are made with; the global provider when left out. */
  readonly tracerProvider?: { getTracer(name: string, version?: string): unknown } | undefined;
  /** Gives the meter the gateway's metrics are recorded with; the global provider when left out. */
  readonly meterProvider?: { getMeter(name: string, version?: string): unknown } | undefined;
}

export const telemetryOptionKeys = ["tracerProvider", "meterProvider"];
