import type { OperationById, OperationId, paths } from "@card-processing/types";
import type { Normalized, RequestBody, SignerSuppliedField, SpecRequestBody } from "./client-paths.js";
import type { CardProcessingClient } from "./create-client.js";
import type { GatewayResult } from "./gateway-result.js";
import type { PollOptions } from "./status-poller.js";

/**
 * The path template of the operation named `Id`.
 *
 * @example
 * ```ts
 * type P = PathOf<"makeRebill">; // "/api/v2/make-rebill/{endpointId}"
 * ```
 */
export type PathOf<Id extends OperationId> = OperationById<Id>["path"];

/**
 * The body a gateway method takes: the spec's request body without the fields the gateway's
 * signer supplies, `control` always and `login` where the signature covers it (the raw client's
 * {@link RequestBody} still lets a caller send them).
 *
 * @example
 * ```ts
 * import type { GatewayBody } from "@card-processing/client";
 * const body: GatewayBody<"void"> = { client_orderid: "902B4FF5", orderid: "1234567" };
 * ```
 */
export type GatewayBody<Id extends OperationId> =
  // Distributes over a union of request bodies, each flattened so that editors show one object type.
  SpecRequestBody<PathOf<Id>> extends infer Body
    ? Body extends unknown
      ? Omit<Body, SignerSuppliedField<PathOf<Id>> & keyof Body> extends infer Flat
        ? { [K in keyof Flat]: Flat[K] }
        : never
      : never
    : never;

/**
 * The typed 200 reply of the operation named `Id`, with `paynet-order-id` as a string.
 *
 * @example
 * ```ts
 * import type { GatewayReply } from "@card-processing/client";
 * type SaleReply = GatewayReply<"sale">; // AsyncResponse
 * ```
 */
export type GatewayReply<Id extends OperationId> = Normalized<
  paths[PathOf<Id>]["post"]["responses"][200]["content"]["application/vnd.pay+json"]
>;

/**
 * Per-call options of a gateway method.
 *
 * @example
 * ```ts
 * import type { CallOptions } from "@card-processing/client";
 * const options: CallOptions = { signal: AbortSignal.timeout(10_000) };
 * ```
 */
export interface CallOptions {
  /** Aborts the call (for a shorter limit than the gateway's `timeoutMs`, `AbortSignal.timeout(ms)`); the promise then rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * One method per operation of the spec, named by its `operationId`.
 *
 * @example
 * ```ts
 * import type { GatewayOperations } from "@card-processing/client";
 * type Sale = GatewayOperations["sale"];
 * ```
 */
export type GatewayOperations = {
  readonly [Id in OperationId]: (body: GatewayBody<Id>, options?: CallOptions) => Promise<GatewayResult<GatewayReply<Id>>>;
};

/**
 * Which transaction {@link Gateway.waitForFinalStatus} follows: always its `client_orderid`,
 * the gateway's `orderid` when known, and the `serial-number` of one request of the order (a
 * capture, a return) to follow that request rather than the order's latest.
 *
 * @example
 * ```ts
 * import type { TransactionRef } from "@card-processing/client";
 * const ref: TransactionRef = { client_orderid: "902B4FF5", orderid: "1234567" };
 * const refund: TransactionRef = { ...ref, "serial-number": returnReply["serial-number"] };
 * ```
 */
export interface TransactionRef {
  readonly client_orderid: string;
  readonly orderid?: string | undefined;
  /** The `serial-number` of a request's acknowledgement: sent as `by-request-sn`, so the status is that request's own. */
  readonly "serial-number"?: string | undefined;
}

/**
 * Options of {@link Gateway.waitForFinalStatus}: the poller's options. `signal` stops the waiting;
 * there is no `timeoutMs` here (each status query has the gateway's `timeoutMs`): for an overall
 * limit pass `signal: AbortSignal.timeout(ms)`, and `schedule.giveUpAfterUnchangedMs` ends the
 * waiting when the status stops changing (one hour by default, as documented).
 *
 * @example
 * ```ts
 * import type { WaitOptions } from "@card-processing/client";
 * const options: WaitOptions = { onProgress: (p) => console.log(p.status) };
 * ```
 */
export type WaitOptions = PollOptions;

/**
 * The gateway with its endpoint and credentials bound: every operation by name, plus status
 * helpers. Each method is a thin, signed call of the raw `client`.
 *
 * @example
 * ```ts
 * import { createGateway, type Gateway } from "@card-processing/client";
 * const gateway: Gateway = createGateway({ baseUrl, endpointId: 1111, login, controlKey });
 * ```
 */
export interface Gateway extends GatewayOperations {
  /** The signed raw client the methods call. */
  readonly client: CardProcessingClient;
  /** Queries the status by `client_orderid` alone, e.g. after a network error on a payment. */
  statusByClientOrderId(clientOrderId: string, options?: CallOptions): Promise<GatewayResult<GatewayReply<"status">>>;
  /** Polls the status on the documented cadence until it is final. */
  waitForFinalStatus(
    transaction: TransactionRef,
    options?: WaitOptions,
  ): Promise<GatewayResult<GatewayReply<"status"> & { readonly status: import("@card-processing/types").FinalStatus }>>;
}
