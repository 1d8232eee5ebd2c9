import { maskCardNumbersInText } from "@card-processing/signing";
import type * as OpenTelemetry from "@opentelemetry/api";

/** What a failure counts as in the metrics: its outcome and its `error.type`. */
export interface FailureKind {
  readonly outcome: string;
  readonly type: string;
}

/**
 * Records a failure on its span: the exception (name, code, message and stack, card numbers
 * masked; this package's messages already hold no secret, and a `client_orderid` may hold a card
 * number) and the status ERROR. An aborted call is this package's error (`ERR_ABORTED`) with its own
 * outcome; anything else thrown (a bug in a caller's hook, say) counts as unknown: the request may
 * have left.
 */
export function recordFailure(api: typeof OpenTelemetry, span: OpenTelemetry.Span, failure: unknown): FailureKind {
  const error = failure instanceof Error ? failure : new Error(String(failure));
  const fields = error as Error & { code?: unknown; outcome?: unknown };
  const code = typeof fields.code === "string" ? fields.code : undefined;
  const message = maskCardNumbersInText(error.message);
  span.recordException({
    name: error.name,
    message,
    ...(code === undefined ? {} : { code }),
    ...(error.stack === undefined ? {} : { stack: maskCardNumbersInText(error.stack) }),
  });
  span.setStatus({ code: api.SpanStatusCode.ERROR, message });
  return {
    outcome: fields.outcome === "not-applied" ? "not-applied" : "unknown",
    type: code ?? error.name,
  };
}
