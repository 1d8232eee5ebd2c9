import {
  CONTROL_AMOUNTS,
  type ControlAmounts,
  checkBody,
  createSigningMiddleware,
  SigningError,
} from "@card-processing/signing";
import { type OperationEntry, operationTable } from "@card-processing/types";
import { createClient } from "./create-client.js";
import { errorFromReply } from "./errors/error-from-reply.js";
import { GatewayError } from "./errors/gateway-error.js";
import type { GatewayFailure, GatewayResult } from "./errors/gateway-result.js";
import { checkKnownKeys } from "./errors/known-keys.js";
import { UsageError, usageError } from "./errors/usage-error.js";
import type { Gateway, TransactionRef, WaitOptions } from "./gateway-types.js";
import { type PollingSchedule, resolveSchedule, systemClock } from "./polling/polling-schedule.js";
import { pollForFinalStatus, pollOptionKeys } from "./polling/status-poller.js";
import { DEFAULT_CLOCK_SKEW_MS, transactionIdsBefore } from "./recovery/before-the-send.js";
import { recoverOrder } from "./recovery/order-recovery.js";
import { recoverOptionKeys, recoverRequest } from "./recovery/recovery.js";
import { sendOnce } from "./recovery/send-once.js";
import { fetchTransactionReport } from "./recovery/transaction-report.js";
import { isErrorReply } from "./replies/reply-body.js";
import { withTelemetry } from "./telemetry/telemetry-hook.js";
import type { TelemetryOptions } from "./telemetry/telemetry-options.js";
import { endpointAddressOf, operationPathOf, operationTarget } from "./transport/endpoint-address.js";
import { formParams } from "./transport/form-body.js";
import { checkGatewayAddress, DEFAULT_TIMEOUT_MS } from "./transport/gateway-address.js";
import type { CallOptions, GatewayReply } from "./transport/gateway-call.js";
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
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Time allowed for each reply, in milliseconds; 30 000 by default. */
  readonly timeoutMs?: number | undefined;
  /** Receives a redacted summary of each request and reply. */
  readonly logger?: RequestLogger | undefined;
  /** Gives the logger a person's data (names, e-mail, phone, address, IP address...) and fields the spec does not know whole, as `createClient` takes it; masked by default. */
  readonly logPersonalData?: boolean | undefined;
  /** Default overrides of the polling cadence for {@link Gateway.waitForFinalStatus}. */
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
}

type Send = (body: unknown, call: CallOptions) => Promise<GatewayResult<unknown>>;
type Recover = (error: unknown, options: Parameters<Gateway["recover"]>[1]) => ReturnType<Gateway["recover"]>;
type Report = Gateway["transactionReport"];
const statusEntry = operationTable["/api/v2/status/{endpointId}"];
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
];

/**
 * The keys, checked at creation so that misuse fails before any request. A private key is checked
 * by `createSigningMiddleware` (synchronously, from its DER: encrypted, not a private RSA key, or
 * under 2048 bits throws a `SigningError` naming `privateKey`).
 */
function checkKeys(options: CreateGatewayOptions): void {
  for (const field of ["login", "controlKey"] as const) {
    const value = options[field];
    if (typeof value !== "string" || value === "")
      throw usageError("ERR_OPTION_INVALID", field, "expected a non-empty string", "createGateway");
  }
  const { controlAmounts } = options;
  if (controlAmounts !== undefined && !CONTROL_AMOUNTS.includes(controlAmounts))
    throw usageError("ERR_OPTION_INVALID", "controlAmounts", `expected "iso-4217" or "hundredths"`, "createGateway");
}

/**
 * Creates the gateway object: one signed method per operation of the spec, generated from the
 * operation table (`sale`, `preauth`, `capture`, `void`, `return`, `makeRebill`, `status`, every
 * `-form`, payout, v4 and 3-D Secure operation), with the endpoint bound. Each method sends its
 * body through `gateway.client`, the raw client with the signing middleware, so a middleware added
 * with `gateway.client.use(...)` runs for the named operations too (added after the signer, it
 * sees the signed request). Each returns `{ data, error, response }`: a refusal (whatever its HTTP status), a server
 * failure, a redirect (never followed), a reply without a key the spec requires, a timeout, an abort
 * by the call's `signal` (`ERR_ABORTED`) or a network failure is an `error` value; misuse throws
 * before sending. `waitForFinalStatus`, `recoverOrder`, `recover` and `transactionReport` answer an
 * abort as `error` too.
 * Nothing is retried on its own; after a failure whose `outcome` is `"unknown"` on an operation
 * that moves money, {@link Gateway.recover} says whether it took effect.
 *
 * @example
 * ```ts
 * import { createGateway } from "@card-processing/client";
 *
 * const gateway = createGateway({ baseUrl: "https://sandbox.gateway.example/paynet", endpointId: 1111, login, controlKey });
 * const { data, error } = await gateway.sale(body); // client_orderid, amount, currency, customer and card fields
 * if (error) throw error;
 * const final = await gateway.waitForFinalStatus({ client_orderid: body.client_orderid, orderid: data["paynet-order-id"] });
 * ```
 */
export function createGateway(options: CreateGatewayOptions): Gateway {
  checkKnownKeys(options, gatewayOptionKeys, "", "createGateway");
  if (options.polling !== undefined) resolveSchedule(options.polling, "createGateway polling");
  const address = endpointAddressOf(options);
  // The report and telemetry name the endpoint; a group gateway's report covers every endpoint.
  const endpointId = address.kind === "endpoint" ? address.id : undefined;
  checkKeys(options);
  // One pipeline: the named operations send through `gateway.client` (signing, then whatever the
  // user adds with `use`; the transport checks the body before anything leaves).
  const client = createClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    logPersonalData: options.logPersonalData,
    allowInsecureHttp: options.allowInsecureHttp,
  });
  client.use(createSigningMiddleware(options));
  // The report's own address, when given, follows the same rule as baseUrl.
  if (options.reportUrl !== undefined) checkGatewayAddress(options.reportUrl, options.allowInsecureHttp, "reportUrl");
  const base = options.baseUrl.replace(/\/+$/, "");

  async function invoke(entry: OperationEntry, body: unknown, call: CallOptions = {}): Promise<GatewayResult<unknown>> {
    checkKnownKeys(call, ["signal"], "options", entry.operationId);
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw usageError("ERR_FIELD_INVALID", "body", "expected an object of form fields", entry.operationId);
    }
    // Before the try: an operation a group cannot address is misuse, thrown before sending.
    const target = operationTarget(entry, address);
    try {
      const { data, error, response } = (await client.POST(
        target.template as "/api/v2/status/{endpointId}",
        {
          params: { path: target.params },
          // The client's serializer reads the body (refusing a nested value, naming the field);
          // the signing middleware signs the request built from it.
          body,
          signal: call.signal,
        } as never,
      )) as { data?: unknown; error?: unknown; response: Response };
      if (error !== undefined || !response.ok || data === undefined || isErrorReply(data)) {
        // What was sent: address and method (the error keeps it redacted, never the body or a secret header).
        const sent = new Request(`${base}${operationPathOf(entry, address)}`, {
          method: "POST",
        });
        return {
          error: errorFromReply(error ?? data, response, entry, body as Record<string, unknown>, sent),
          response,
        };
      }
      return { data, response };
    } catch (error) {
      // The transport's errors (timeout, network, unreadable or foreign reply) are outcomes, not misuse.
      if (error instanceof GatewayError && !(error instanceof UsageError)) {
        return { error: error as GatewayFailure, response: error.response };
      }
      const refusedKey =
        error instanceof SigningError && error.field === "privateKey" && error.code !== "ERR_KEY_MISSING";
      if (refusedKey && options.privateKey !== undefined) {
        // The key passed its check at creation, but this runtime's Web Crypto refused it on import
        // (a runtime may check more than the key's form): a value, as a failed call is, so that code
        // that reads only `error` is not left with a throw. A missing key stays misuse, thrown.
        const rule =
          "refused when imported by this runtime's Web Crypto; expected an RSA private key of at least 2048 bits";
        return {
          error: usageError("ERR_OPTION_INVALID", "privateKey", rule, entry.operationId, error),
          response: undefined,
        };
      }
      throw error;
    }
  }

  const gateway: Record<string, unknown> = { client };
  for (const entry of Object.values<OperationEntry>(operationTable)) {
    gateway[entry.operationId] = (body: unknown, call?: CallOptions) => invoke(entry, body, call);
  }
  gateway["statusByClientOrderId"] = (clientOrderId: string, call?: CallOptions) =>
    invoke(statusEntry, { client_orderid: clientOrderId }, call);
  const waitForFinalStatus = async (
    transaction: TransactionRef,
    wait: WaitOptions = {},
    where = "waitForFinalStatus",
  ) => {
    checkKnownKeys(wait, pollOptionKeys, "options", where);
    checkKnownKeys(transaction, ["client_orderid", "orderid", "serial-number"], "transaction", where);
    if (wait.schedule !== undefined) resolveSchedule(wait.schedule, where);
    const serial = transaction?.["serial-number"];
    const body = {
      client_orderid: transaction?.client_orderid,
      ...(transaction?.orderid ? { orderid: transaction.orderid } : {}),
      ...(serial ? { "by-request-sn": serial } : {}),
    };
    // A reference without client_orderid is refused before the first query.
    checkBody(statusEntry, formParams(body));
    const call = { signal: wait.signal };
    return pollForFinalStatus(() => invoke(statusEntry, body, call) as Promise<GatewayResult<GatewayReply<"status">>>, {
      ...wait,
      schedule: { ...options.polling, ...wait.schedule },
    });
  };
  gateway["waitForFinalStatus"] = waitForFinalStatus;
  gateway["recoverOrder"] = async (
    order: Pick<TransactionRef, "client_orderid" | "orderid">,
    wait: WaitOptions = {},
  ) => {
    checkKnownKeys(order, ["client_orderid", "orderid"], "order", "recoverOrder");
    return recoverOrder(() => waitForFinalStatus(order, wait, "recoverOrder"), order?.client_orderid, {
      ...wait,
      schedule: { ...options.polling, ...wait.schedule },
    });
  };
  const report = {
    baseUrl: options.baseUrl,
    reportUrl: options.reportUrl,
    endpointId,
    login: options.login,
    controlKey: options.controlKey,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  gateway["transactionReport"] = (query: Parameters<typeof fetchTransactionReport>[1], call: CallOptions = {}) => {
    checkKnownKeys(call, ["signal"], "options", "transactionReport");
    return fetchTransactionReport(report, query, call.signal);
  };
  gateway["recover"] = (error: unknown, recoverOptions: Parameters<typeof recoverRequest>[2] = {}) => {
    checkKnownKeys(recoverOptions, recoverOptionKeys, "options", "recover");
    const call = { signal: recoverOptions.signal };
    return recoverRequest(
      error,
      {
        timeoutMs: report.timeoutMs,
        schedule: resolveSchedule(options.polling, "recover"),
        status: (clientOrderId) =>
          invoke(statusEntry, { client_orderid: clientOrderId }, call) as Promise<
            GatewayResult<GatewayReply<"status">>
          >,
        report: (query) => fetchTransactionReport(report, query, recoverOptions.signal),
      },
      recoverOptions,
    );
  };
  // sendOnce calls the gateway's own methods as returned (traced ones under telemetry, nested in its span).
  let self = gateway;
  const entryOf = (id: string) => Object.values<OperationEntry>(operationTable).find((e) => e.operationId === id);
  gateway["sendOnce"] = (operation: unknown, body: unknown, once?: Parameters<typeof sendOnce>[3]) =>
    sendOnce(
      {
        send: (id, b, call) => (self[id] as Send)(b, call),
        recover: (e, o) => (self["recover"] as Recover)(e, o),
        transactionIdsBefore: (id, orderid, o) =>
          transactionIdsBefore(entryOf(id) as OperationEntry, orderid, {
            report: (query) => (self["transactionReport"] as Report)(query, { signal: o.signal }),
            clock: o.clock ?? systemClock,
            timeoutMs: report.timeoutMs,
            skewMs: o.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS,
            retryDelayMs: resolveSchedule(options.polling, "sendOnce").firstDelayMs[0],
            signal: o.signal,
          }),
      },
      operation,
      body,
      once,
    );
  // Telemetry: the methods, once built, wrapped in spans and metrics (telemetry/).
  if (options.telemetry === undefined || options.telemetry === false) return gateway as unknown as Gateway;
  self = withTelemetry(gateway, options.telemetry, {
    baseUrl: options.baseUrl,
    endpointId: address.id,
    group: address.kind === "group",
    pathOf: (entry) => operationPathOf(entry, address),
  });
  return self as unknown as Gateway;
}
