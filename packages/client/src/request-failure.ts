import type { OperationEntry } from "@card-processing/types";
import { GatewayError } from "./gateway-error.js";
import { NetworkError } from "./network-error.js";
import type { RequestSignal } from "./request-timeout.js";
import { TimeoutError } from "./timeout-error.js";

/**
 * What is known about a request when it fails: how far it got, why its signal fired, what it was.
 *
 * @example
 * ```ts
 * const context: FailureContext = { phase: "send", timer, limit: 30_000, entry, body };
 * ```
 */
export interface FailureContext {
  phase: "prepare" | "send" | "read";
  /** Absent when the request failed before its timer started. */
  timer: RequestSignal | undefined;
  limit: number;
  entry: OperationEntry | undefined;
  body: Record<string, unknown> | undefined;
}

/**
 * Names a thrown failure: our own errors pass through; a timer that fired gives a
 * {@link TimeoutError}; the caller's abort passes through as the caller's reason; a failure of
 * `fetch` itself (or of reading the reply) gives a {@link NetworkError}; anything else, such as a
 * signing error thrown by a middleware before sending, passes through unchanged.
 *
 * @example
 * ```ts
 * throw classifyFailure(error, { phase: "send", timer, limit: 30_000, entry, body });
 * ```
 */
export function classifyFailure(error: unknown, context: FailureContext): unknown {
  if (error instanceof GatewayError) return error;
  const { entry, body, timer, limit } = context;
  const operationId = entry?.operationId;
  const unsure = (what: string) =>
    `${operationId ?? "The request"}: ${what}; it may or may not have reached the gateway.${moneyAdvice(entry, body)}`;
  if (timer?.timedOut()) return new TimeoutError(unsure(`no complete reply within ${limit} ms`), { timeoutMs: limit, cause: error });
  if (timer?.cancelled()) return error;
  if (context.phase === "send" || (context.phase === "read" && error instanceof TypeError)) {
    const clientOrderId = entry?.movesMoney ? clientOrderIdOf(entry, body) : undefined;
    return new NetworkError(unsure("the connection failed before a complete reply"), { cause: error, operationId, clientOrderId });
  }
  return error;
}

/**
 * For an operation that moves money, says how to find out whether it took effect: the advice
 * that ends every message of a failure whose outcome is unknown.
 *
 * @example
 * ```ts
 * moneyAdvice(operationById("sale"), { client_orderid: "A1" }); // " sale moves money and is never retried ..."
 * ```
 */
export function moneyAdvice(entry: OperationEntry | undefined, body: Readonly<Record<string, unknown>> | undefined): string {
  if (!entry?.movesMoney) return "";
  const id = clientOrderIdOf(entry, body);
  return ` ${entry.operationId} moves money and is never retried automatically: query the status by client_orderid${id === undefined ? "" : ` ${JSON.stringify(id)}`} before sending it again.`;
}

/**
 * The merchant's order id, under the field the spec gives the operation for it.
 *
 * @example
 * ```ts
 * clientOrderIdOf(operationById("payoutCheck"), { "client-order-id": "A1" }); // "A1"
 * ```
 */
export function clientOrderIdOf(entry: OperationEntry, body: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const name = entry.clientOrderIdFields[0];
  const id = name === undefined ? undefined : body?.[name];
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}
