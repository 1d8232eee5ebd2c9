import { type OperationEntry, operationTable } from "@card-processing/types";
import type * as OpenTelemetry from "@opentelemetry/api";
import type { GatewayResult } from "../errors/gateway-result.js";
import type { PollOptions, PollProgress } from "../polling/status-poller.js";
import type { OrderRecovery } from "../recovery/order-recovery.js";
import type { RecoveryResult } from "../recovery/recovery.js";
import type { SendOnceResult } from "../recovery/send-once-result.js";
import {
  addressAttributes,
  type CallAttributes,
  orderRecoveryAttributes,
  recoveryAttributes,
  requestAttributes,
  resultAttributes,
  safeAttributes,
  sendOnceAttributes,
} from "./call-attributes.js";
import type { GatewayMethods, GatewayTarget } from "./gateway-target.js";
import { recordFailure } from "./span-failure.js";
import { telemetryNames as n } from "./telemetry-names.js";
import type { TelemetryOptions } from "./telemetry-options.js";

type Api = typeof OpenTelemetry;
type Method = (...args: never[]) => Promise<unknown>;
const SCOPE = "@card-processing/client";
const statusEntry = operationTable["/api/v2/status/{endpointId}"];

/** One call about to run: its attributes, its arguments (a wait's get an `onProgress`), and how to read its result. */
interface Prepared {
  readonly attributes: Record<string, unknown>;
  readonly args: unknown[];
  readonly finish: (result: unknown) => Record<string, unknown>;
}

/**
 * The gateway's methods, each run in a span of kind CLIENT named `card-processing <method>`, with
 * its duration recorded by operation and outcome: every named operation, the status helpers, the
 * waits (each status query an event of the wait's span), the recoveries, `sendOnce` and the
 * transactions report. The spans start in the caller's active context, so they nest under the caller's own.
 */
export function instrumentGateway(
  api: Api,
  methods: GatewayMethods,
  providers: TelemetryOptions,
  target: GatewayTarget,
): GatewayMethods {
  const tracerProvider = (providers.tracerProvider ?? api.trace.getTracerProvider()) as OpenTelemetry.TracerProvider;
  const meterProvider = (providers.meterProvider ?? api.metrics.getMeterProvider()) as OpenTelemetry.MeterProvider;
  const tracer = tracerProvider.getTracer(SCOPE);
  const meter = meterProvider.getMeter(SCOPE);
  const duration = meter.createHistogram(n.durationMetric, {
    description: "Duration of the card-processing gateway's calls, waits and recoveries",
    unit: "s",
    // The semantic conventions' HTTP buckets, then the minutes a wait for a final status can take.
    advice: {
      explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
    },
  });
  const unknownOutcomes = meter.createCounter(n.unknownOutcomesMetric, {
    description: "Calls whose outcome is unknown: they may have taken effect at the gateway",
  });
  const recoveries = meter.createCounter(n.recoveriesMetric, {
    description: "Recoveries of requests with an unknown outcome, by what they learned",
  });
  const base = target.baseUrl.replace(/\/+$/, "");
  const addressOf = (entry: OperationEntry) => `${base}${target.pathOf(entry)}`;

  /** Runs `method` in its span: `prepare` names what the call is about and reads its result. */
  function traced(
    operation: string,
    method: Method,
    prepare: (args: unknown[], span: OpenTelemetry.Span) => Prepared,
  ): Method {
    return async (...args: never[]) => {
      const span = tracer.startSpan(`card-processing ${operation}`, { kind: api.SpanKind.CLIENT });
      const began = performance.now();
      const metric: CallAttributes = { [n.operation]: operation };
      try {
        const call = prepare(args, span);
        const before = safeAttributes({
          [n.operation]: operation,
          [target.group ? n.endpointGroupId : n.endpointId]: String(target.endpointId),
          ...call.attributes,
        });
        span.setAttributes(before);
        const result = await api.context.with(api.trace.setSpan(api.context.active(), span), () =>
          method(...(call.args as never[])),
        );
        const after = safeAttributes(call.finish(result));
        span.setAttributes(after);
        const error = (result as { error?: unknown }).error;
        if (error !== undefined) recordFailure(api, span, error);
        Object.assign(metric, pick(after, n.outcome, n.errorType));
        if (after[n.recoveryApplied] !== undefined) {
          recoveries.add(1, { ...pick(before, n.operation, n.recoveredOperation), ...pick(after, n.recoveryApplied) });
        } else if (after[n.outcome] === "unknown") {
          unknownOutcomes.add(1, { [n.operation]: operation });
        }
        return result;
      } catch (thrown) {
        const failure = recordFailure(api, span, thrown);
        Object.assign(metric, { [n.outcome]: failure.outcome, [n.errorType]: failure.type });
        span.setAttributes(safeAttributes(metric));
        throw thrown;
      } finally {
        span.end();
        duration.record((performance.now() - began) / 1000, safeAttributes(metric));
      }
    };
  }

  /** The wait options with an `onProgress` that adds each status query to the span as an event. */
  function withPollEvents(wait: unknown, span: OpenTelemetry.Span, count: { attempts: number }): PollOptions {
    const given = (wait ?? {}) as PollOptions;
    return {
      ...given,
      onProgress: (progress: PollProgress) => {
        count.attempts = progress.attempt + 1;
        span.addEvent(
          n.pollEvent,
          safeAttributes({
            [n.pollAttempts]: progress.attempt,
            [n.status]: progress.status,
            [n.errorType]: progress.error?.code,
            [n.pollElapsedMs]: progress.elapsedMs,
            [n.pollNextDelayMs]: progress.nextDelayMs,
          }),
        );
        given.onProgress?.(progress);
      },
    };
  }

  const out: GatewayMethods = { ...methods };
  const method = (name: string) => methods[name] as Method;
  for (const entry of Object.values<OperationEntry>(operationTable)) {
    out[entry.operationId] = traced(entry.operationId, method(entry.operationId), (args) => ({
      attributes: { ...httpAttributes("POST", addressOf(entry)), ...requestAttributes(args[0]) },
      args,
      finish: (result) => resultAttributes(result as GatewayResult<unknown>),
    }));
  }
  out["statusByClientOrderId"] = traced("statusByClientOrderId", method("statusByClientOrderId"), (args) => ({
    attributes: { ...httpAttributes("POST", addressOf(statusEntry)), [n.clientOrderId]: args[0] },
    args,
    finish: (result) => resultAttributes(result as GatewayResult<unknown>),
  }));
  for (const name of ["waitForFinalStatus", "recoverOrder"] as const) {
    out[name] = traced(name, method(name), (args, span) => {
      const polls = { attempts: 1 };
      return {
        attributes: { ...addressAttributes(addressOf(statusEntry)), ...requestAttributes(args[0]) },
        args: [args[0], withPollEvents(args[1], span, polls), ...args.slice(2)],
        finish: (result) => ({
          ...(name === "recoverOrder"
            ? orderRecoveryAttributes(result as GatewayResult<OrderRecovery>)
            : resultAttributes(result as GatewayResult<unknown>)),
          [n.pollAttempts]: polls.attempts,
        }),
      };
    });
  }
  out["recover"] = traced("recover", method("recover"), (args) => {
    const error = (args[0] ?? {}) as { operationId?: unknown; clientOrderId?: unknown; orderid?: unknown };
    return {
      attributes: {
        ...addressAttributes(base),
        [n.recoveredOperation]: error.operationId,
        [n.clientOrderId]: error.clientOrderId,
        [n.orderid]: error.orderid,
      },
      args,
      finish: (result) => recoveryAttributes(result as RecoveryResult),
    };
  });
  // The exactly-once loop: one span, its sends and recoveries nested in it as spans of their own.
  out["sendOnce"] = traced("sendOnce", method("sendOnce"), (args) => ({
    attributes: { ...addressAttributes(base), [n.recoveredOperation]: args[0], ...requestAttributes(args[1]) },
    args,
    finish: (result) => sendOnceAttributes(result as SendOnceResult<never>),
  }));
  out["transactionReport"] = traced("transactionReport", method("transactionReport"), (args) => ({
    attributes: { [n.httpRequestMethod]: "GET" },
    args,
    finish: (result) => {
      const report = result as GatewayResult<unknown[]>;
      return {
        ...resultAttributes(report),
        ...(report.response?.url ? addressAttributes(report.response.url) : {}),
        [n.outcome]: report.error ? report.error.outcome : "ok",
      };
    },
  }));
  return out;
}

function httpAttributes(method: string, address: string): Record<string, unknown> {
  return { [n.httpRequestMethod]: method, ...addressAttributes(address) };
}

function pick(attributes: CallAttributes, ...names: string[]): CallAttributes {
  const out: CallAttributes = {};
  for (const name of names) if (attributes[name] !== undefined) out[name] = attributes[name];
  return out;
}
