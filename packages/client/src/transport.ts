import { checkBody } from "@card-processing/signing";
import { type OperationEntry, VENDOR_MEDIA_TYPE } from "@card-processing/types";
import { GatewayError } from "./gateway-error.js";
import { moneyAdvice, requestFacts } from "./money-advice.js";
import { NetworkError } from "./network-error.js";
import { operationOfUrl } from "./operation-of-url.js";
import { redactFields, redactHeaders } from "./redaction.js";
import { isErrorReply, parseReplyBody } from "./reply-body.js";
import { replyNotUnderstood } from "./reply-error.js";
import { isReplyOf } from "./reply-of-operation.js";
import { requestDeadline } from "./request-deadline.js";
import { describeError, type RequestLogger } from "./request-log.js";
import { type SentSecrets, scrubReply, sentSecrets } from "./sent-secrets.js";
import { TimeoutError } from "./timeout-error.js";

/**
 * What the client's `fetch` needs: the `fetch` to send with, the time allowed for a complete
 * reply, the base address and the logger.
 */
export interface TransportOptions {
  /** Sends a request with the init that replaces its body and signal, as `fetch(request, init)` does. */
  readonly send: (request: Request, init: RequestInit) => Promise<Response>;
  readonly timeoutMs: number;
  readonly baseUrl: URL;
  readonly log: RequestLogger | undefined;
}

let lastRequestId = 0;

/**
 * The `fetch` the client hands to openapi-fetch: sends a request with a time limit on the whole
 * reply, reads the reply in either form into JSON with `paynet-order-id` as a string, scrubs the
 * secrets the request sent from refusals, logs both redacted, and turns a failure into a
 * {@link TimeoutError} or {@link NetworkError} (the caller's own abort passes through).
 */
export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  const basePath = options.baseUrl.pathname.replace(/\/$/, "");
  return async (request) => {
    const entry = operationOfUrl(request.url, basePath);
    const text = request.body === null ? undefined : await request.text();
    const fields = new URLSearchParams(text);
    // The operation's body rules (signing's, so the same mistake gives the same SigningError on
    // every path), on the form as it is about to be sent: before any log line and any byte sent.
    // Here, where the body is read anyway, rather than in a middleware that would read it again.
    if (entry !== undefined && text !== undefined) checkBody(entry, fields);
    const secrets = sentSecrets(entry, fields);
    const requestId = ++lastRequestId;
    const started = performance.now();
    const operationId = entry?.operationId;
    options.log?.({
      event: "request",
      requestId,
      operationId,
      method: request.method,
      url: request.url,
      headers: redactHeaders(request.headers),
      body: redactFields(Object.fromEntries(fields), entry ?? {}),
    });
    const deadline = requestDeadline(options.timeoutMs, request.signal);
    // The request as errors keep it: they redact it (no body, no secret header, card numbers masked).
    const sent = request;
    try {
      // The body read above goes out again as the same text, with the deadline's signal.
      const response = await options.send(request, { body: text ?? null, signal: deadline.signal });
      const { parsed, normalized } = readReply(response, await response.text(), secrets, { entry, fields, sent });
      // The log sees every reply scrubbed, data too; without a logger nothing is scrubbed for it.
      options.log?.({
        event: "reply",
        requestId,
        operationId,
        status: response.status,
        durationMs: performance.now() - started,
        body: parsed === undefined ? undefined : redactFields(scrubReply(parsed, secrets)),
      });
      return normalized;
    } catch (error) {
      const failure = classifyFailure(error, {
        timedOut: deadline.timedOut(),
        cancelled: request.signal.aborted,
        timeoutMs: options.timeoutMs,
        entry,
        fields,
        sent,
      });
      options.log?.({
        event: "failure",
        requestId,
        operationId,
        durationMs: performance.now() - started,
        error: describeError(failure),
      });
      throw failure;
    } finally {
      deadline.dispose();
    }
  };
}

/**
 * The reply as JSON, secrets scrubbed from refusals. A 2xx in neither form, or one that is not a
 * reply of the operation, is a ReplyError: it cannot be taken as the gateway's answer.
 */
function readReply(
  response: Response,
  text: string,
  secrets: SentSecrets,
  { entry, fields, sent }: { entry: OperationEntry | undefined; fields: URLSearchParams; sent: Request },
) {
  const parsed = parseReplyBody(text, response.headers.get("content-type"));
  if (parsed === undefined && response.ok)
    throw replyNotUnderstood("ERR_REPLY_UNREADABLE", response, entry, fields, sent);
  if (parsed !== undefined && response.ok && entry !== undefined && !isReplyOf(entry, parsed)) {
    throw replyNotUnderstood("ERR_REPLY_FOREIGN", response, entry, fields, sent);
  }
  const refusal = !response.ok || isErrorReply(parsed);
  const reply = parsed !== undefined && refusal ? scrubReply(parsed, secrets) : parsed;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  if (reply !== undefined) headers.set("content-type", VENDOR_MEDIA_TYPE);
  const body = reply === undefined ? secrets.scrub(text) : JSON.stringify(reply);
  return {
    parsed,
    normalized: new Response(body, { status: response.status, statusText: response.statusText, headers }),
  };
}

/** How far a failed request is known to have got. */
interface FailureContext {
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  readonly timeoutMs: number;
  readonly entry: OperationEntry | undefined;
  readonly fields: URLSearchParams;
  /** The request, to keep on the error (which redacts it). */
  readonly sent: Request;
}

/** True when the connection was refused: nothing listened, so the request never left. */
function connectionRefused(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (
      code === "ECONNREFUSED" ||
      code === "ConnectionRefused" ||
      /connection refused|ECONNREFUSED/i.test(cause.message)
    )
      return true;
  }
  return false;
}

/**
 * Names a failure: our own errors pass through, a timer that fired gives a {@link TimeoutError},
 * the caller's abort passes through as the caller's reason, anything else is a {@link NetworkError}
 * (`outcome` `"not-applied"` only when the connection was refused).
 */
function classifyFailure(error: unknown, context: FailureContext): unknown {
  if (error instanceof GatewayError || context.cancelled) return error;
  const { entry, fields } = context;
  const where = entry?.operationId ?? "The request";
  const about = {
    cause: error,
    request: context.sent,
    ...requestFacts(entry, fields),
  };
  if (context.timedOut) {
    return new TimeoutError(
      `${where}: no complete reply within ${context.timeoutMs} ms; it may have reached the gateway.${moneyAdvice(entry, fields)}`,
      {
        ...about,
        timeoutMs: context.timeoutMs,
        outcome: "unknown",
      },
    );
  }
  if (connectionRefused(error)) {
    return new NetworkError(
      `${where}: the connection was refused (nothing listens at that address); the request was not sent.`,
      { ...about, outcome: "not-applied" },
    );
  }
  return new NetworkError(
    `${where}: the connection failed before a complete reply; it may have reached the gateway.${moneyAdvice(entry, fields)}`,
    {
      ...about,
      outcome: "unknown",
    },
  );
}
