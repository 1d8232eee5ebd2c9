import { maskCardNumbersInText } from "@card-processing/signing";

/**
 * One entry of the optional request log: what was sent, what came back, or how it failed. Bodies
 * and headers are already redacted (see {@link redactFields}), the values of secret fields the
 * request sent are scrubbed from replies, and a card number in any field (the URL, a message) is
 * masked to its first six and last four digits: nothing secret reaches a logger.
 *
 * @example
 * ```ts
 * import type { RequestLogEntry } from "@card-processing/client";
 * const log = (entry: RequestLogEntry) => console.log(entry.event, entry.operationId, entry.requestId);
 * ```
 */
export type RequestLogEntry =
  | {
      readonly event: "request";
      readonly requestId: number;
      readonly operationId: string | undefined;
      readonly method: string;
      readonly url: string;
      readonly headers: Record<string, string>;
      readonly body: Record<string, unknown>;
    }
  | {
      readonly event: "reply";
      readonly requestId: number;
      readonly operationId: string | undefined;
      readonly status: number;
      readonly durationMs: number;
      /** The reply as read (one object, or a list for a list operation), redacted. */
      readonly body: Record<string, unknown> | readonly Record<string, unknown>[] | undefined;
    }
  | {
      readonly event: "failure";
      readonly requestId: number;
      readonly operationId: string | undefined;
      readonly durationMs: number;
      readonly error: { readonly name: string; readonly code: string | undefined; readonly message: string };
    };

/**
 * Receives a summary of each request and reply. Wire it to any logger:
 * `logger: (entry) => pino.info(entry)`.
 *
 * @example
 * ```ts
 * import { createClient, type RequestLogger } from "@card-processing/client";
 * const logger: RequestLogger = (entry) => console.debug(JSON.stringify(entry));
 * const client = createClient({ baseUrl, logger });
 * ```
 */
export type RequestLogger = (entry: RequestLogEntry) => void;

/**
 * A copy of a log entry's value with every card number masked, whichever field holds it (a URL's
 * query, an order id built from input, a message, a reply field sent as a JSON number).
 */
function maskedValue(value: unknown): unknown {
  if (typeof value === "string") return maskCardNumbersInText(value);
  if (typeof value === "number") {
    const text = String(value);
    const masked = maskCardNumbersInText(text);
    return masked === text ? value : masked;
  }
  if (Array.isArray(value)) return value.map(maskedValue);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [maskCardNumbersInText(key), maskedValue(item)]),
  );
}

/**
 * The logger with every card number masked in what it receives, and its own failures dropped: a
 * failing logger must not fail a payment.
 */
export function safeLogger(logger: RequestLogger | undefined): RequestLogger {
  return (entry) => {
    try {
      logger?.(maskedValue(entry) as RequestLogEntry);
    } catch {
      // ignored on purpose
    }
  };
}

/** The name, code and message of a failure, for the log. */
export function describeError(error: unknown): { name: string; code: string | undefined; message: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, code: typeof code === "string" ? code : undefined, message: error.message };
  }
  return { name: "Error", code: undefined, message: "a non-Error value was thrown" };
}
