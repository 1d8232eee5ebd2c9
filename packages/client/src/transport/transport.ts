import { checkBody } from "@card-processing/signing";
import {
  isRefusal,
  isReplyOf,
  knownFields,
  missingReplyKeys,
  type OperationEntry,
  operationTable,
  personalDataFields,
  readReply,
  VENDOR_MEDIA_TYPE,
} from "@card-processing/types";
import { GatewayError } from "../errors/gateway-error.js";
import { NetworkError } from "../errors/network-error.js";
import { ReplyError, replyNotUnderstood } from "../errors/reply-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import { abortedCall } from "../polling/aborted-call.js";
import { type RedactionRules, redactFields, redactHeaders } from "../redaction/redaction.js";
import { type SentSecrets, scrubReply, sentSecrets } from "../redaction/sent-secrets.js";
import { moneyAdvice, requestFacts } from "../replies/money-advice.js";
import { operationOfUrl } from "./operation-of-url.js";
import { describeError, type RequestLogger } from "./request-log.js";
import type { RequestSender } from "./request-sender.js";
import { whyNotSent } from "./unsent-request.js";

/**
 * What the client's `fetch` needs: the sender every request leaves through, the time allowed for
 * a complete reply (for messages), the base address and the logger.
 */
export interface TransportOptions {
  readonly sender: RequestSender;
  readonly timeoutMs: number;
  readonly baseUrl: URL;
  readonly log: RequestLogger | undefined;
  /** Log a person's data (names, e-mail, phone, address, IP address...) whole instead of masked. */
  readonly logPersonalData?: boolean | undefined;
}

let lastRequestId = 0;

// The status query is the one operation safe to send again when a reply asks to wait (Retry-After).
const statusEntry: OperationEntry = operationTable["/api/v2/status/{endpointId}"];

/**
 * The `fetch` the client hands to openapi-fetch: sends a request through the client's
 * {@link RequestSender} (time limit on the whole reply, no redirect followed: a 3xx is a
 * `ReplyError`, the signed body is never sent to another address), reads the reply in either form into JSON with `paynet-order-id` as a string,
 * refuses one that lacks a key the spec requires, scrubs the secrets the request sent from
 * refusals, logs both redacted, and turns a failure into a {@link TimeoutError} (`ERR_TIMEOUT`, or
 * `ERR_ABORTED` for the caller's signal) or {@link NetworkError}.
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
    // What the log masks: the operation's fields, and a person's data (the spec's, and any field
    // the spec does not know, which may hold some) unless the team keeps it whole. Made only for a
    // logger: `log?.(...)` evaluates its arguments only when there is one.
    const rules = () => logRules(entry, options.logPersonalData === true);
    options.log?.({
      event: "request",
      requestId,
      operationId,
      method: request.method,
      url: request.url,
      headers: redactHeaders(request.headers),
      body: redactFields(Object.fromEntries(fields), rules()),
    });
    // The request as errors keep it: they redact it (no body, no secret header, card numbers masked).
    const sent = request;
    /** Names the failure, logs it, and returns it to throw. */
    const failed = (
      error: unknown,
      how: { readonly timedOut: boolean; readonly leaving: boolean; readonly replied?: Response },
    ) => {
      const failure = classifyFailure(error, {
        ...how,
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
      return failure;
    };
    // The body read above goes out again as the same text.
    const outcome = await options.sender(request, {
      body: text ?? null,
      signal: request.signal,
      repeatable: entry === statusEntry,
    });
    if (outcome.kind === "failed") throw failed(outcome.error, outcome);
    const { response } = outcome;
    try {
      if (outcome.kind === "redirect")
        throw replyNotUnderstood("ERR_REPLY_REDIRECT", response, entry, fields, sent, outcome.redirect);
      if (outcome.kind === "too-large")
        throw replyNotUnderstood("ERR_REPLY_TOO_LARGE", response, entry, fields, sent, String(outcome.limit));
      const { parsed, normalized } = takeReply(response, outcome.text, secrets, { entry, fields, sent });
      // The log sees every reply scrubbed, data too; without a logger nothing is scrubbed for it.
      options.log?.({
        event: "reply",
        requestId,
        operationId,
        status: response.status,
        durationMs: performance.now() - started,
        body:
          parsed === undefined
            ? undefined
            : Array.isArray(parsed)
              ? parsed.map((item) => redactFields(scrubReply(item, secrets), rules()))
              : redactFields(scrubReply(parsed, secrets), rules()),
      });
      return normalized;
    } catch (error) {
      throw failed(error, { timedOut: false, leaving: true, replied: response });
    }
  };
}

/**
 * The reply as JSON, secrets scrubbed from refusals. A 2xx in neither form, or one that is not a
 * reply of the operation, is a ReplyError: it cannot be taken as the gateway's answer.
 */
function takeReply(
  response: Response,
  text: string,
  secrets: SentSecrets,
  { entry, fields, sent }: { entry: OperationEntry | undefined; fields: URLSearchParams; sent: Request },
) {
  // The one reply reader, shaped by the operation's table entry (one object, or a list).
  const parsed = readReply(entry, text, response.headers.get("content-type"))?.body;
  if (parsed === undefined && response.ok)
    throw replyNotUnderstood("ERR_REPLY_UNREADABLE", response, entry, fields, sent);
  if (parsed !== undefined && response.ok && entry !== undefined) {
    if (!isReplyOf(entry, parsed)) throw replyNotUnderstood("ERR_REPLY_FOREIGN", response, entry, fields, sent);
    const missing = missingReplyKeys(entry, parsed);
    if (missing.length > 0)
      throw replyNotUnderstood("ERR_REPLY_INCOMPLETE", response, entry, fields, sent, missing.join(", "));
  }
  // A list is never a refusal: a refusal is one object, whatever the operation's reply shape.
  const refusal = !response.ok || isRefusal(parsed);
  const reply = parsed !== undefined && !Array.isArray(parsed) && refusal ? scrubReply(parsed, secrets) : parsed;
  const body = reply === undefined ? secrets.scrub(text) : JSON.stringify(reply);
  // A copy of the reply's headers, fitted to the body rewritten here. Copied before the Response is
  // made, not changed on it: a Response class put in place of the global one (@hono/node-server's)
  // may keep the headers it was given, and fetch's reply headers cannot be changed.
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  if (reply !== undefined) headers.set("content-type", VENDOR_MEDIA_TYPE);
  const normalized = new Response(body, { status: response.status, statusText: response.statusText, headers });
  return { parsed, normalized };
}

/** What the log masks of an operation's request and reply. */
function logRules(entry: OperationEntry | undefined, logPersonalData: boolean): RedactionRules {
  return logPersonalData ? { ...entry, personalDataFields: {} } : { ...entry, personalDataFields, knownFields };
}

/** How far a failed request is known to have got. */
interface FailureContext {
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  /** True once fetch was called with a live signal: the request may have left from then on. */
  readonly leaving: boolean;
  readonly timeoutMs: number;
  readonly entry: OperationEntry | undefined;
  readonly fields: URLSearchParams;
  /** The request, to keep on the error (which redacts it). */
  readonly sent: Request;
  /** The reply, when it had come whole before the failure. */
  readonly replied?: Response | undefined;
}

/**
 * Names a failure: our own errors pass through, a timer that fired gives a {@link TimeoutError},
 * the caller's abort a {@link TimeoutError} `ERR_ABORTED`, a failure on a reply that came whole a
 * {@link ReplyError} `ERR_REPLY_UNREADABLE`, anything else a {@link NetworkError}
 * (`outcome` `"not-applied"` only when {@link whyNotSent} proves nothing was sent).
 */
function classifyFailure(error: unknown, context: FailureContext): unknown {
  if (error instanceof GatewayError) return error;
  const { entry, fields } = context;
  if (context.cancelled) {
    return abortedCall(entry?.operationId ?? "The request", context.sent.signal.reason, context.leaving, {
      entry,
      fields,
      request: context.sent,
    });
  }
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
  if (context.replied !== undefined) {
    // The client failed on a reply that had come whole (a runtime's Response class, say). Only the
    // exception's name: its text may quote the reply.
    const what = error instanceof Error ? error.name : "not an Error";
    return new ReplyError(
      `${where}: the client failed on the reply (HTTP ${context.replied.status}, ${what}); the request reached the gateway.${moneyAdvice(entry, fields)}`,
      { ...about, code: "ERR_REPLY_UNREADABLE", response: context.replied },
    );
  }
  const notSent = whyNotSent(error, context.sent.url);
  if (notSent !== undefined) {
    return new NetworkError(`${where}: ${notSent}; the request was not sent.`, { ...about, outcome: "not-applied" });
  }
  return new NetworkError(
    `${where}: the connection failed before a complete reply; it may have reached the gateway.${moneyAdvice(entry, fields)}`,
    {
      ...about,
      outcome: "unknown",
    },
  );
}
