import { checkBody, createSigningMiddleware, SigningError } from "@card-processing/signing";
import { isRefusal, type OperationEntry, operationTable } from "@card-processing/types";
import { clientOf } from "./create-client.js";
import { errorFromReply } from "./errors/error-from-reply.js";
import { GatewayError } from "./errors/gateway-error.js";
import type { GatewayFailure, GatewayResult } from "./errors/gateway-result.js";
import { checkKnownKeys } from "./errors/known-keys.js";
import { UsageError, usageError } from "./errors/usage-error.js";
import { type CreateGatewayOptions, resolveGatewayOptions } from "./gateway-options.js";
import type { Gateway, TransactionRef, WaitOptions } from "./gateway-types.js";
import { type PollingSchedule, resolveSchedule, systemClock } from "./polling/polling-schedule.js";
import { pollOptionKeys, pollWithSchedule } from "./polling/status-poller.js";
import { DEFAULT_CLOCK_SKEW_MS, transactionsBefore } from "./recovery/before-the-send.js";
import { recoverOrder } from "./recovery/order-recovery.js";
import { recoverOptionKeys, recoverRequest } from "./recovery/recovery.js";
import { sendOnce } from "./recovery/send-once.js";
import { fetchTransactionReport } from "./recovery/transaction-report.js";
import { withTelemetry } from "./telemetry/telemetry-hook.js";
import { operationPathOf, operationTarget } from "./transport/endpoint-address.js";
import { formParams } from "./transport/form-body.js";
import type { CallOptions, GatewayReply } from "./transport/gateway-call.js";
import { createRequestSender } from "./transport/request-sender.js";

type Send = (body: unknown, call: CallOptions) => Promise<GatewayResult<unknown>>;
type Recover = (error: unknown, options: Parameters<Gateway["recover"]>[1]) => ReturnType<Gateway["recover"]>;
type Report = Gateway["transactionReport"];
const statusEntry = operationTable["/api/v2/status/{endpointId}"];
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
 * Nothing that can move money is sent twice on its own (only a status query or the report waits
 * out a 429 or 503's `Retry-After` and asks again); after a failure whose `outcome` is
 * `"unknown"` on an operation that moves money, {@link Gateway.recover} says whether it took
 * effect. Every request carries `User-Agent: card-processing-sdk/<version> (<runtime>)`, with
 * the `userAgent` option appended.
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
  // Checked and resolved once, here; everything below reads `resolved`, never `options`.
  const resolved = resolveGatewayOptions(options);
  const { address, polling } = resolved;
  // One door: the named operations, the raw client, polling, recovery and the report all send
  // through this sender (User-Agent, deadline, redirect rule, Retry-After where waiting is safe).
  const sender = createRequestSender(resolved.client);
  // One pipeline: the named operations send through `gateway.client` (signing, then whatever the
  // user adds with `use`; the transport checks the body before anything leaves).
  const client = clientOf(resolved.client, sender);
  client.use(createSigningMiddleware(resolved.signing));
  const base = resolved.client.baseUrl.replace(/\/+$/, "");

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
      if (error !== undefined || !response.ok || data === undefined || isRefusal(data)) {
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
      if (refusedKey && resolved.signing.privateKey !== undefined) {
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
  // The wait's options and the schedule are checked by the method the caller called, once.
  const waitWith = (transaction: TransactionRef, wait: WaitOptions, schedule: PollingSchedule) => {
    const serial = transaction?.["serial-number"];
    const body = {
      client_orderid: transaction?.client_orderid,
      ...(transaction?.orderid ? { orderid: transaction.orderid } : {}),
      ...(serial ? { "by-request-sn": serial } : {}),
    };
    // A reference without client_orderid is refused before the first query.
    checkBody(statusEntry, formParams(body));
    const call = { signal: wait.signal };
    return pollWithSchedule(
      () => invoke(statusEntry, body, call) as Promise<GatewayResult<GatewayReply<"status">>>,
      schedule,
      wait,
    );
  };
  gateway["waitForFinalStatus"] = async (transaction: TransactionRef, wait: WaitOptions = {}) => {
    const where = "waitForFinalStatus";
    checkKnownKeys(wait, pollOptionKeys, "options", where);
    checkKnownKeys(transaction, ["client_orderid", "orderid", "serial-number"], "transaction", where);
    return waitWith(transaction, wait, resolveSchedule(wait.schedule, where, polling));
  };
  gateway["recoverOrder"] = async (
    order: Pick<TransactionRef, "client_orderid" | "orderid">,
    wait: WaitOptions = {},
  ) => {
    checkKnownKeys(order, ["client_orderid", "orderid"], "order", "recoverOrder");
    checkKnownKeys(wait, pollOptionKeys, "options", "recoverOrder");
    const schedule = resolveSchedule(wait.schedule, "recoverOrder", polling);
    return recoverOrder(() => waitWith(order, wait, schedule), order?.client_orderid, {
      schedule,
      clock: wait.clock,
      signal: wait.signal,
    });
  };
  const report = { ...resolved.report, sender };
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
        schedule: polling,
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
        transactionsBefore: (id, orderid, o) =>
          transactionsBefore(entryOf(id) as OperationEntry, orderid, {
            report: (query) => (self["transactionReport"] as Report)(query, { signal: o.signal }),
            clock: o.clock ?? systemClock,
            skewMs: o.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS,
            retryDelayMs: polling.firstDelayMs[0],
            signal: o.signal,
          }),
      },
      operation,
      body,
      once,
    );
  // Telemetry: the methods, once built, wrapped in spans and metrics (telemetry/).
  if (resolved.telemetry === undefined) return gateway as unknown as Gateway;
  self = withTelemetry(gateway, resolved.telemetry, {
    baseUrl: resolved.client.baseUrl,
    endpointId: address.id,
    group: address.kind === "group",
    pathOf: (entry) => operationPathOf(entry, address),
  });
  return self as unknown as Gateway;
}
