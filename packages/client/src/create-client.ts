import { operationTable, type OperationEntry } from "@card-processing/types";
import { DetachedFormRequest, formBodyOf, standaloneRequest, type SigningMiddleware } from "@card-processing/signing";
import createFetchClient, { type Client, type FetchOptions, type FetchResponse, type HeadersOptions, type Middleware, type ParseAs } from "openapi-fetch";
import type { ClientPaths } from "./client-paths.js";
import { serializeFormBody } from "./form-body.js";
import { FORM_MEDIA_TYPE, VENDOR_MEDIA_TYPE, type VendorMediaType } from "./media-types.js";
import { readOutcome, type RawResult } from "./raw-outcome.js";
import { redactFields } from "./redaction.js";
import { checkRequestBody } from "./request-checks.js";
import { UsageError } from "./usage-error.js";
import type { RequestLogger } from "./request-log.js";
import { classifyFailure } from "./request-failure.js";
import { describeError, logRequest } from "./request-logging.js";
import { checkTimeout, requestSignal, type RequestSignal } from "./request-timeout.js";

/**
 * Options of {@link createClient}.
 *
 * @example
 * ```ts
 * import type { CreateClientOptions } from "@card-processing/client";
 * const options: CreateClientOptions = { baseUrl: "https://sandbox.gateway.example/paynet", timeoutMs: 10_000 };
 * ```
 */
export interface CreateClientOptions {
  /** The gateway's base address including its path prefix, e.g. `https://sandbox.gateway.example/paynet`. */
  readonly baseUrl: string;
  /** The `fetch` to send requests with; `globalThis.fetch` by default. */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Time allowed for a complete reply, in milliseconds; 30 000 by default. */
  readonly timeoutMs?: number | undefined;
  /** Extra headers for every request. */
  readonly headers?: HeadersOptions | undefined;
  /** Receives a redacted summary of each request and reply. */
  readonly logger?: RequestLogger | undefined;
}

/**
 * Options of one `POST` of the configured client: openapi-fetch's, plus a per-request `timeoutMs`.
 *
 * @example
 * ```ts
 * const init: PostInit<"/api/v2/status/{endpointId}"> = {
 *   params: { path: { endpointId: 1111 } },
 *   body: { client_orderid: "902B4FF5" },
 *   timeoutMs: 5_000,
 * };
 * ```
 */
export type PostInit<Path extends keyof ClientPaths> = FetchOptions<ClientPaths[Path]["post"]> & {
  /** Overrides the client's `timeoutMs` for this request. */
  readonly timeoutMs?: number | undefined;
};

/**
 * The openapi-fetch client for this API: typed with {@link ClientPaths} and the vendor media type.
 * `POST` takes its options without a generic parameter so that an object literal with a field the
 * operation does not have fails to compile (openapi-fetch's own signature infers the options and
 * so lets extra fields through).
 *
 * @example
 * ```ts
 * import type { CardProcessingClient } from "@card-processing/client";
 * function useClient(client: CardProcessingClient) {}
 * ```
 */
export interface CardProcessingClient extends Omit<Client<ClientPaths, VendorMediaType>, "POST"> {
  POST<Path extends keyof ClientPaths>(
    url: Path,
    init: PostInit<Path> & { readonly parseAs?: undefined },
  ): Promise<FetchResponse<ClientPaths[Path]["post"], PostInit<Path>, VendorMediaType>>;
  POST<Path extends keyof ClientPaths, Init extends PostInit<Path> & { readonly parseAs: ParseAs }>(
    url: Path,
    init: Init,
  ): Promise<FetchResponse<ClientPaths[Path]["post"], Init, VendorMediaType>>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;
const entries: ReadonlyMap<string, OperationEntry> = new Map(Object.entries(operationTable));
let lastRequestId = 0;

/**
 * Creates an openapi-fetch client set up for the gateway: bodies form-encoded (numbers as exact
 * decimals, booleans as `true`/`false`, `undefined` left out, nested values refused), `Accept:
 * application/vnd.pay+json`, replies read in JSON or the classic text form with `paynet-order-id`
 * as a string, a reply of type `validation-error` or `error` returned as `error` even under HTTP
 * 200, and a timeout (`timeoutMs`, 30 s by default) that throws a {@link TimeoutError}. A failed
 * connection throws a {@link NetworkError}; a per-request `signal` aborts as usual. A body that
 * misses a required field or carries a bad amount or currency throws a `UsageError` before
 * anything is sent. Add `createSigningMiddleware` from `@card-processing/signing` to sign.
 *
 * @example
 * ```ts
 * import { createClient } from "@card-processing/client";
 * import { createSigningMiddleware } from "@card-processing/signing";
 *
 * const client = createClient({ baseUrl: "https://sandbox.gateway.example/paynet" });
 * client.use(createSigningMiddleware({ login, controlKey }));
 * const { data, error } = await client.POST("/api/v2/status/{endpointId}", {
 *   params: { path: { endpointId: 1111 } },
 *   body: { client_orderid: "902B4FF5", orderid: "1234567" },
 * });
 * ```
 */
export function createClient(options: CreateClientOptions): CardProcessingClient {
  if (typeof options?.baseUrl !== "string" || !/^https?:\/\//.test(options.baseUrl)) {
    throw new TypeError("baseUrl must be an http(s) address, such as https://sandbox.gateway.example/paynet.");
  }
  const timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, "timeoutMs");
  // A user's fetch gets a standard Request; ours sends the detached one by parts.
  const userFetch = options.fetch;
  const baseFetch = userFetch ? withStandaloneRequests(userFetch) : sendByParts;
  const userLogger = options.logger;
  // A failing logger must not fail a payment: its errors are dropped.
  const logger: RequestLogger | undefined = userLogger
    ? (entry) => {
        try {
          userLogger(entry);
        } catch {
          // ignored on purpose
        }
      }
    : undefined;
  const raw = createFetchClient<ClientPaths, VendorMediaType>({
    baseUrl: options.baseUrl,
    headers: { Accept: VENDOR_MEDIA_TYPE, "Content-Type": FORM_MEDIA_TYPE, ...headersObject(options.headers) },
    bodySerializer: serializeFormBody,
    pathSerializer: serializePath,
    Request: DetachedFormRequest,
  });
  // Middleware that can start work before a request is built (the signer's digest), in use order.
  const preparers: Array<Pick<SigningMiddleware, "prepareSignature">> = [];

  async function call(method: string, url: string, init: Record<string, unknown> = {}): Promise<unknown> {
    const { signal: callerSignal, timeoutMs: callTimeout, fetch: callFetch, parseAs, ...rest } = init;
    const limit = callTimeout === undefined ? timeoutMs : checkTimeout(callTimeout, "timeoutMs");
    const entry = entries.get(url);
    const body = isPlainObject(rest["body"]) ? rest["body"] : undefined;
    if (entry && body) checkRequestBody(entry, body);
    const params = rest["params"];
    const fetchOne =
      typeof callFetch === "function" ? withStandaloneRequests(callFetch as typeof baseFetch) : baseFetch;
    const requestId = ++lastRequestId;
    const started = performance.now();
    let phase: "prepare" | "send" | "read" = "prepare";
    let timer: RequestSignal | undefined;

    const send = async (request: Request): Promise<Response> => {
      phase = "send";
      if (rest["body"] !== undefined && formBodyOf(request) === undefined && request.body === null) {
        // Only a middleware that returned `new Request(request)` for a detached request gets here.
        throw new UsageError(
          "ERR_REQUEST_REPLACED",
          `${entry?.operationId ?? url}: a middleware replaced the request with a copy that has no body; change the request in place, or copy it with \`standaloneRequest\` from @card-processing/signing first.`,
        );
      }
      if (logger) await logRequest(logger, requestId, entry, request);
      const response = await fetchOne(request);
      phase = "read";
      return response;
    };

    try {
      // A signer starts its digest first, so that hashing overlaps building the request.
      if (body && isPlainObject(params)) for (const middleware of preparers) middleware.prepareSignature({ schemaPath: url, params, body });
      timer = requestSignal(limit, callerSignal instanceof AbortSignal ? callerSignal : undefined);
      const result = (await raw.request(method.toLowerCase() as "post", url as never, {
        ...rest,
        signal: timer.signal,
        fetch: send,
        parseAs: parseAs ?? "text",
      } as never)) as RawResult;
      const outcome = parseAs === undefined ? readOutcome(result) : result;
      if (logger) {
        const replyBody = outcome.data ?? outcome.error;
        logger({
          event: "reply",
          requestId,
          operationId: entry?.operationId,
          status: outcome.response.status,
          durationMs: performance.now() - started,
          body: isPlainObject(replyBody) ? redactFields(replyBody) : undefined,
        });
      }
      return outcome;
    } catch (error) {
      const failure = classifyFailure(error, { phase, timer, limit, entry, body });
      if (logger) {
        logger({
          event: "failure",
          requestId,
          operationId: entry?.operationId,
          durationMs: performance.now() - started,
          error: describeError(failure),
        });
      }
      throw failure;
    } finally {
      timer?.dispose();
    }
  }

  const client = { ...raw } as Record<string, unknown>;
  client["use"] = (...middleware: Middleware[]) => {
    raw.use(...middleware);
    for (const one of middleware) if (typeof (one as Partial<SigningMiddleware>)?.prepareSignature === "function") preparers.push(one as SigningMiddleware);
  };
  client["eject"] = (...middleware: Middleware[]) => {
    raw.eject(...middleware);
    for (const one of middleware) {
      const at = preparers.indexOf(one as SigningMiddleware);
      if (at >= 0) preparers.splice(at, 1);
    }
  };
  client["request"] = (method: string, url: string, init?: Record<string, unknown>) => call(method.toUpperCase(), url, init);
  for (const method of METHODS) {
    client[method] = (url: string, init?: Record<string, unknown>) => call(method, url, init);
  }
  return client as unknown as CardProcessingClient;
}

/** A user's `fetch`, handed standard requests (a detached one is rebuilt with its body inside). */
function withStandaloneRequests(userFetch: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return (request) => userFetch(standaloneRequest(request));
}

/**
 * The default `fetch`: a request whose form text is known (a `DetachedFormRequest` above all)
 * goes out as URL and init: its body is not inside it, and `fetch(request)` would make undici
 * copy the whole request once more in any case.
 */
function sendByParts(request: Request): Promise<Response> {
  const body = formBodyOf(request);
  if (body === undefined) return globalThis.fetch(request);
  return globalThis.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    redirect: request.redirect,
  });
}

/**
 * Fills the path template with encoded values: every parameter of this API is a plain value in
 * the `simple` style (`{endpointId}`), so openapi-fetch's general serializer is not needed.
 */
function serializePath(path: string, values: Record<string, unknown>): string {
  let out = path;
  for (const name of Object.keys(values)) {
    const value = values[name];
    if (value !== undefined && value !== null) out = out.replaceAll(`{${name}}`, encodeURIComponent(String(value)));
  }
  return out;
}

function headersObject(headers: HeadersOptions | undefined): Record<string, string> {
  if (headers === undefined) return {};
  const out: Record<string, string> = {};
  const entriesOf =
    headers instanceof Headers || Array.isArray(headers)
      ? [...new Headers(headers as HeadersInit).entries()]
      : Object.entries(headers).filter(([, value]) => value !== undefined && value !== null);
  for (const [name, value] of entriesOf) out[name] = String(value);
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
