import { createSigningMiddleware } from "@card-processing/signing";
import { operationTable, type OperationEntry } from "@card-processing/types";
import { createClient } from "./create-client.js";
import type { GatewayResult } from "./gateway-result.js";
import type { CallOptions, Gateway, TransactionRef, WaitOptions } from "./gateway-types.js";
import { NetworkError } from "./network-error.js";
import type { PollingSchedule } from "./polling-schedule.js";
import { errorFromReply } from "./reply-error.js";
import type { RequestLogger } from "./request-log.js";
import { ServerError } from "./server-error.js";
import { pollForFinalStatus } from "./status-poller.js";
import { TimeoutError } from "./timeout-error.js";
import { usageError } from "./usage-error.js";

/**
 * Options of {@link createGateway}.
 *
 * @example
 * ```ts
 * import type { CreateGatewayOptions } from "@card-processing/client";
 * const options: CreateGatewayOptions = { baseUrl, endpointId: 1111, login, controlKey, timeoutMs: 20_000 };
 * ```
 */
export interface CreateGatewayOptions {
  /** The base address including its path prefix, e.g. `https://sandbox.gateway.example/paynet`. */
  readonly baseUrl: string;
  /** The merchant's endpoint (or endpoint group) identifier, bound into every path. */
  readonly endpointId: number | string;
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
  /** Default overrides of the polling cadence for {@link Gateway.waitForFinalStatus}. */
  readonly polling?: Partial<PollingSchedule> | undefined;
}

/**
 * Creates the gateway object: one signed method per operation of the spec, generated from the
 * operation table (`sale`, `preauth`, `capture`, `void`, `return`, `makeRebill`, `status`, every
 * `-form`, payout, v4 and 3-D Secure operation), with the endpoint bound and `control`, `login` or
 * the OAuth header added. Each returns `{ data, error, response }`: a refusal, a server failure, a
 * timeout or a network failure is an `error` value; misuse throws a `UsageError` before sending.
 * Nothing is retried on its own; after a failure of an operation that moves money, ask
 * {@link Gateway.statusByClientOrderId} whether it took effect.
 *
 * @example
 * ```ts
 * import { createGateway, nextStep } from "@card-processing/client";
 *
 * const gateway = createGateway({ baseUrl: "https://sandbox.gateway.example/paynet", endpointId: 1111, login, controlKey });
 * const { data, error } = await gateway.sale({ client_orderid: "902B4FF5", amount: "10.42", currency: "USD", ...customer, ...card });
 * if (error) throw error;
 * const final = await gateway.waitForFinalStatus({ client_orderid: "902B4FF5", orderid: data["paynet-order-id"] });
 * ```
 */
export function createGateway(options: CreateGatewayOptions): Gateway {
  const { endpointId } = options;
  const validId =
    typeof endpointId === "number" ? Number.isSafeInteger(endpointId) && endpointId > 0 : typeof endpointId === "string" && /^[1-9][0-9]*$/.test(endpointId);
  if (!validId) {
    throw usageError("ERR_OPTION_INVALID", "endpointId", "expected a positive integer such as 1111", "createGateway");
  }
  for (const field of ["login", "controlKey"] as const) requireText(options[field], field, "createGateway", "ERR_OPTION_INVALID");
  // The gateway's options are the client's and the signer's: each reads its own.
  const client = createClient(options);
  client.use(createSigningMiddleware(options));

  async function invoke(entry: OperationEntry, body: unknown, call: CallOptions = {}): Promise<GatewayResult<unknown>> {
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw usageError("ERR_FIELD_INVALID", "body", "expected an object of form fields", entry.operationId);
    }
    try {
      const { data, error, response } = (await client.POST(entry.path as "/api/v2/status/{endpointId}", {
        params: { path: { endpointId } },
        body,
        signal: call.signal,
        timeoutMs: call.timeoutMs,
      } as never)) as { data?: unknown; error?: unknown; response: Response };
      if (error !== undefined || !response.ok || data === undefined) {
        return { error: errorFromReply(error, response, entry, body as Record<string, unknown>), response };
      }
      return { data, response };
    } catch (error) {
      if (error instanceof TimeoutError || error instanceof NetworkError || error instanceof ServerError) {
        return { error, response: error.response };
      }
      throw error;
    }
  }

  const gateway: Record<string, unknown> = { client };
  for (const entry of Object.values<OperationEntry>(operationTable)) {
    gateway[entry.operationId] = (body: unknown, call?: CallOptions) => invoke(entry, body, call);
  }
  const status = operationTable["/api/v2/status/{endpointId}"];
  gateway["statusByClientOrderId"] = (clientOrderId: string, call?: CallOptions) =>
    invoke(status, { client_orderid: requireText(clientOrderId, "client_orderid", "statusByClientOrderId") }, call);
  gateway["waitForFinalStatus"] = (transaction: TransactionRef, wait: WaitOptions = {}) => {
    const body = {
      client_orderid: requireText(transaction?.client_orderid, "client_orderid", "waitForFinalStatus"),
      ...(transaction.orderid ? { orderid: transaction.orderid } : {}),
    };
    const call = { signal: wait.signal, timeoutMs: wait.timeoutMs };
    return pollForFinalStatus(() => invoke(status, body, call) as Promise<GatewayResult<{ status?: string }>>, {
      ...wait,
      schedule: { ...options.polling, ...wait.schedule },
    });
  };
  return gateway as unknown as Gateway;
}

/** The value of a field that must be a non-empty string, or the {@link UsageError} naming it. */
function requireText(value: unknown, field: string, where: string, code: "ERR_FIELD_MISSING" | "ERR_OPTION_INVALID" = "ERR_FIELD_MISSING"): string {
  if (typeof value !== "string" || value === "") throw usageError(code, field, "expected a non-empty string", where);
  return value;
}
