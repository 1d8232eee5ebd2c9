import { FORM_MEDIA_TYPE, VENDOR_MEDIA_TYPE } from "@card-processing/types";
import createFetchClient, {
  type Client,
  type FetchOptions,
  type FetchResponse,
  type HeadersOptions,
  type ParseAs,
} from "openapi-fetch";
import { checkKnownKeys } from "./errors/known-keys.js";
import { usageError } from "./errors/usage-error.js";
import { version } from "./generated/version.js";
import type { ClientPaths } from "./transport/client-paths.js";
import { serializeFormBody } from "./transport/form-body.js";
import { checkGatewayAddress, DEFAULT_TIMEOUT_MS } from "./transport/gateway-address.js";
import type { VendorMediaType } from "./transport/media-types.js";
import { type RequestLogger, safeLogger } from "./transport/request-log.js";
import { createRequestSender, type RequestSender } from "./transport/request-sender.js";
import { createTransport } from "./transport/transport.js";
import { userAgentHeader } from "./transport/user-agent.js";

/**
 * Options of {@link createClient}.
 *
 * @example
 * ```ts
 * import type { CreateClientOptions } from "@card-processing/client";
 * const options: CreateClientOptions = { baseUrl: "https://sandbox.gateway.example/paynet", timeoutMs: 10_000 };
 * // a sandbox in another container of a private network you vouch for:
 * const inCompose: CreateClientOptions = { baseUrl: "http://sandbox:8080/paynet", allowInsecureHttp: true };
 * ```
 */
export interface CreateClientOptions {
  /** The gateway's base address including its path prefix, e.g. `https://sandbox.gateway.example/paynet`; no user info. */
  readonly baseUrl: string;
  /** The `fetch` to send requests with; `globalThis.fetch` by default. It gets a standard `Request`. */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Time allowed for a complete reply, in milliseconds; 30 000 by default. */
  readonly timeoutMs?: number | undefined;
  /** Extra headers for every request. */
  readonly headers?: HeadersOptions | undefined;
  /** Receives a redacted summary of each request and reply. */
  readonly logger?: RequestLogger | undefined;
  /**
   * Gives the logger a person's data whole: names, e-mail, phone, address, IP address, birth date
   * and the other fields the spec marks `x-personal-data`, and fields the spec does not know
   * (`customer_email`, `address2`). By default the first are masked (see `maskPersonalData`) and
   * the others masked whole (`***`); card numbers and secrets are masked or removed either way.
   */
  readonly logPersonalData?: boolean | undefined;
  /**
   * Allows an `http:` `baseUrl` on a host that is not loopback, for a private network you vouch
   * for (a sandbox in another container). Card data then crosses that network unencrypted.
   * Without it only `https:` is taken, and `http:` on 127.0.0.0/8, `[::1]` and `localhost`.
   */
  readonly allowInsecureHttp?: boolean | undefined;
  /**
   * Your application's product token, appended to the `User-Agent` every request carries:
   * `card-processing-sdk/<version> (<runtime>) <userAgent>`, e.g. `shop-backend/1.4`. Where the
   * runtime does not let a page set `User-Agent` (browsers), the request goes without it.
   */
  readonly userAgent?: string | undefined;
}

/** The client's options, checked once: what {@link clientOf} builds a client from. */
export interface ClientConfig {
  /** `baseUrl` as given, for openapi-fetch. */
  readonly baseUrl: string;
  /** `baseUrl` checked and parsed. */
  readonly address: URL;
  readonly fetch: ((request: Request) => Promise<Response>) | undefined;
  readonly timeoutMs: number;
  readonly headers: Record<string, string>;
  readonly logger: RequestLogger | undefined;
  readonly logPersonalData: boolean;
  /** The `User-Agent` header: `card-processing-sdk/<version> (<runtime>)`, the `userAgent` option appended. */
  readonly userAgent: string;
}

/** The keys {@link createClient} takes; any other is refused by name. */
export const clientOptionKeys = [
  "baseUrl",
  "fetch",
  "timeoutMs",
  "headers",
  "logger",
  "logPersonalData",
  "allowInsecureHttp",
  "userAgent",
] as const;

/**
 * Options of one `POST` of the configured client: openapi-fetch's own.
 *
 * @example
 * ```ts
 * import type { PostInit } from "@card-processing/client";
 * const init: PostInit<"/api/v2/status/{endpointId}"> = {
 *   params: { path: { endpointId: 1111 } },
 *   body: { client_orderid: "902B4FF5" },
 *   signal: AbortSignal.timeout(5_000),
 * };
 * ```
 */
export type PostInit<Path extends keyof ClientPaths> = FetchOptions<ClientPaths[Path]["post"]>;

/**
 * The openapi-fetch client for this API, typed with {@link ClientPaths} and the vendor media type.
 * Its `POST` is openapi-fetch's, typed without a generic options parameter so that an object
 * literal with a field the operation does not have fails to compile.
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

/** Refuses a timeout that is not a positive, finite number of milliseconds. */
function checkTimeout(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw usageError("ERR_OPTION_INVALID", "timeoutMs", "expected a positive number of milliseconds");
  }
  return value;
}

/** Refuses a `userAgent` that is not one line of visible text (a header value). */
function checkUserAgent(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^[\x21-\x7e][\x20-\x7e]*$/.test(value))
    throw usageError("ERR_OPTION_INVALID", "userAgent", "expected a product token such as shop/1.4", where);
  return value.trim();
}

/** Extra headers in any form openapi-fetch takes, as one object. */
function headersObject(headers: HeadersOptions | undefined): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers || Array.isArray(headers))
    return Object.fromEntries(new Headers(headers as HeadersInit));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && value !== null) out[name] = String(value);
  return out;
}

/**
 * Creates an openapi-fetch client set up for the gateway, with openapi-fetch's own contract:
 * `baseUrl` must be https (http only on loopback, or with `allowInsecureHttp`);
 * bodies form-encoded (numbers as exact decimals, booleans as `true`/`false`, `undefined` left
 * out, nested values refused), `Accept: application/vnd.pay+json`, replies read in JSON or the
 * classic text form with `paynet-order-id` as a string, and a limit on the whole reply
 * (`timeoutMs`, 30 s by default) that throws a {@link TimeoutError}. A failed connection throws a
 * {@link NetworkError}; a per-request `signal` that ends a request throws a `TimeoutError` with
 * code `ERR_ABORTED` (never a raw `DOMException`). Every request carries
 * `User-Agent: card-processing-sdk/<version> (<runtime>)` (the `userAgent` option appended); a
 * status query that gets a 429 or 503 with a `Retry-After` within `timeoutMs` (at most 20 s) is
 * sent again after it, any other request never. A redirect is never followed (a `ReplyError`,
 * `ERR_REPLY_REDIRECT`), nor is a 2xx that lacks a key the spec requires taken (`ERR_REPLY_INCOMPLETE`). A body that misses a required
 * field or carries a bad amount or currency throws a `SigningError` before anything is sent. A
 * refusal the gateway sends under HTTP 200 (`type: "validation-error"`) comes back as `data`,
 * as openapi-fetch returns every 2xx; the named operations of {@link createGateway} return it as
 * a {@link ValidationError}. Add `createSigningMiddleware` from `@card-processing/signing` to sign;
 * any middleware written to openapi-fetch's contract works before or after it.
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
  checkKnownKeys(options, clientOptionKeys, "", "createClient");
  return clientOf(clientConfig(options, "createClient"));
}

/**
 * Checks the options a client is built from (`createClient`'s, or the part of `createGateway`'s
 * it hands on) and returns them resolved; the caller has checked the keys.
 */
export function clientConfig(options: CreateClientOptions, where: string): ClientConfig {
  const address = checkGatewayAddress(options?.baseUrl, options.allowInsecureHttp);
  const timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  if (options.logPersonalData !== undefined && typeof options.logPersonalData !== "boolean")
    throw usageError("ERR_OPTION_INVALID", "logPersonalData", "expected true or false", where);
  return {
    baseUrl: options.baseUrl,
    address,
    fetch: options.fetch,
    timeoutMs,
    headers: headersObject(options.headers),
    logger: options.logger && safeLogger(options.logger),
    logPersonalData: options.logPersonalData === true,
    userAgent: userAgentHeader(version, checkUserAgent(options.userAgent, where)),
  };
}

/** The openapi-fetch client of a resolved configuration, sending through `sender`. */
export function clientOf(
  config: ClientConfig,
  sender: RequestSender = createRequestSender(config),
): CardProcessingClient {
  return createFetchClient<ClientPaths, VendorMediaType>({
    baseUrl: config.baseUrl,
    headers: { Accept: VENDOR_MEDIA_TYPE, "Content-Type": FORM_MEDIA_TYPE, ...config.headers },
    bodySerializer: serializeFormBody,
    fetch: createTransport({
      sender,
      timeoutMs: config.timeoutMs,
      baseUrl: config.address,
      log: config.logger,
      logPersonalData: config.logPersonalData,
    }),
  }) as CardProcessingClient;
}
