import { CONTROL_AMOUNTS, type ControlAmounts, type SigningMiddlewareOptions } from "@card-processing/signing";
import { type ClientConfig, clientConfig } from "./create-client.js";
import { checkKnownKeys } from "./errors/known-keys.js";
import { usageError } from "./errors/usage-error.js";
import { type PollingSchedule, resolveSchedule } from "./polling/polling-schedule.js";
import type { ReportConnection } from "./recovery/transaction-report.js";
import type { TelemetryOptions } from "./telemetry/telemetry-options.js";
import { type EndpointAddress, endpointAddressOf } from "./transport/endpoint-address.js";
import { checkGatewayAddress } from "./transport/gateway-address.js";
import type { RequestLogger } from "./transport/request-log.js";

/**
 * Options of {@link createGateway}.
 *
 * @example
 * ```ts
 * import type { CreateGatewayOptions } from "@card-processing/client";
 * const options: CreateGatewayOptions = { baseUrl, endpointId: 1111, login, controlKey, timeoutMs: 20_000 };
 * const onGroup: CreateGatewayOptions = { baseUrl, endpointGroupId: 42, login, controlKey };
 * ```
 */
export interface CreateGatewayOptions {
  /** The base address including its path prefix, e.g. `https://sandbox.gateway.example/paynet`; no user info. */
  readonly baseUrl: string;
  /**
   * The merchant's endpoint identifier, bound into every path (`.../sale/1111`). Give either it or
   * `endpointGroupId`, never both.
   */
  readonly endpointId?: number | string | undefined;
  /**
   * The merchant's endpoint group identifier, instead of `endpointId`: every operation whose
   * published page lists a group address is sent there (`.../sale/group/42`), and a `control` that
   * begins with the endpoint begins with this id. The gateway picks the group's endpoint that
   * processes the order. An operation without a group address (the 3-D Secure uploads, v4
   * create-recurring-payment, pan-eligibility) is refused before sending.
   */
  readonly endpointGroupId?: number | string | undefined;
  /** The merchant login (also the OAuth consumer key). */
  readonly login: string;
  /** The merchant control key: `control` digests and OAuth HMAC-SHA1. */
  readonly controlKey: string;
  /** The merchant's RSA private key (PEM), needed by the v4 operations only. */
  readonly privateKey?: string | undefined;
  /** The `fetch` to send requests with; `globalThis.fetch` by default. It gets a standard `Request`. */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Time allowed for each reply, in milliseconds; 30 000 by default. */
  readonly timeoutMs?: number | undefined;
  /** Receives a redacted summary of each request and reply. */
  readonly logger?: RequestLogger | undefined;
  /** Gives the logger a person's data (names, e-mail, phone, address, IP address...) and fields the spec does not know whole, as `createClient` takes it; masked by default. */
  readonly logPersonalData?: boolean | undefined;
  /** Default overrides of the polling cadence for `gateway.waitForFinalStatus`, recovery and `sendOnce`. */
  readonly polling?: Partial<PollingSchedule> | undefined;
  /**
   * The transactions report's address, when it is not `baseUrl` with its last `/paynet` made
   * `/paynet-ui` (`https://gate.example/paynet` → `https://gate.example/paynet-ui/services/transaction-report`).
   */
  readonly reportUrl?: string | undefined;
  /** Allows an `http:` `baseUrl` beyond loopback, for a private network you vouch for, as `createClient` takes it. */
  readonly allowInsecureHttp?: boolean | undefined;
  /**
   * OpenTelemetry spans and metrics for every call, wait and recovery: `true` for the global
   * providers of `@opentelemetry/api` (an optional peer dependency, loaded only then), or the
   * providers to use. Off by default: nothing is loaded and nothing is recorded.
   */
  readonly telemetry?: boolean | TelemetryOptions | undefined;
  /**
   * How `control` writes amounts of currencies without two decimals (JPY, KWD): `"iso-4217"`
   * (default; 1000 JPY signs `1000`) or `"hundredths"` (the amount times 100, as the vendor's PHP
   * library signs: 1000 JPY signs `100000`). The gateway does not publish which it verifies:
   * settle it on the gateway's sandbox before taking such a currency live (the going-live guide).
   */
  readonly controlAmounts?: ControlAmounts | undefined;
  /** Your application's product token, appended to the `User-Agent` every request carries, as `createClient` takes it. */
  readonly userAgent?: string | undefined;
}

/** The keys {@link CreateGatewayOptions} has; any other is refused by name. */
const gatewayOptionKeys = [
  "baseUrl",
  "endpointId",
  "endpointGroupId",
  "login",
  "controlKey",
  "privateKey",
  "fetch",
  "timeoutMs",
  "logger",
  "logPersonalData",
  "polling",
  "reportUrl",
  "allowInsecureHttp",
  "telemetry",
  "controlAmounts",
  "userAgent",
];

/**
 * `createGateway`'s options, checked once and resolved: the one configuration the rest of the
 * gateway reads. Nothing past {@link resolveGatewayOptions} checks them again.
 */
export interface ResolvedGatewayOptions {
  /** What the raw client and the request sender are built from. */
  readonly client: ClientConfig;
  /** The endpoint or endpoint group every path names. */
  readonly address: EndpointAddress;
  /** What the signing middleware takes. */
  readonly signing: SigningMiddlewareOptions;
  /** The polling cadence, the documented one with the gateway's overrides. */
  readonly polling: PollingSchedule;
  /** The transactions report's address and keys; the sender is added by the gateway. */
  readonly report: Omit<ReportConnection, "sender">;
  readonly telemetry: true | TelemetryOptions | undefined;
}

/**
 * Checks `createGateway`'s options (unknown keys, keys, addresses, polling, timeout) so that misuse
 * throws before any request, and resolves them. A private key is checked by
 * `createSigningMiddleware` (synchronously, from its DER: encrypted, not a private RSA key, or
 * under 2048 bits throws a `SigningError` naming `privateKey`).
 */
export function resolveGatewayOptions(options: CreateGatewayOptions): ResolvedGatewayOptions {
  checkKnownKeys(options, gatewayOptionKeys, "", "createGateway");
  const polling = resolveSchedule(options.polling, "createGateway polling");
  const address = endpointAddressOf(options);
  for (const field of ["login", "controlKey"] as const) {
    const value = options[field];
    if (typeof value !== "string" || value === "")
      throw usageError("ERR_OPTION_INVALID", field, "expected a non-empty string", "createGateway");
  }
  const { controlAmounts } = options;
  if (controlAmounts !== undefined && !CONTROL_AMOUNTS.includes(controlAmounts))
    throw usageError("ERR_OPTION_INVALID", "controlAmounts", `expected "iso-4217" or "hundredths"`, "createGateway");
  const client = clientConfig(options, "createGateway");
  // The report's own address, when given, follows the same rule as baseUrl.
  if (options.reportUrl !== undefined) checkGatewayAddress(options.reportUrl, options.allowInsecureHttp, "reportUrl");
  const { login, controlKey, privateKey } = options;
  const telemetry = options.telemetry === false ? undefined : options.telemetry;
  return {
    client,
    address,
    signing: { login, controlKey, privateKey, controlAmounts },
    polling,
    report: {
      baseUrl: options.baseUrl,
      reportUrl: options.reportUrl,
      // The report names the endpoint; a group gateway's report covers every endpoint.
      endpointId: address.kind === "endpoint" ? address.id : undefined,
      login,
      controlKey,
      timeoutMs: client.timeoutMs,
    },
    telemetry,
  };
}
