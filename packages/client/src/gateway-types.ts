import type { CardProcessingClient } from "./create-client.js";
import type { CallOptions, GatewayReply } from "./gateway-call.js";
import type { GatewayResult } from "./gateway-result.js";
import type { GatewayOperations } from "./generated/gateway-operations.js";
import type { PollOptions } from "./status-poller.js";

/**
 * Which transaction {@link Gateway.waitForFinalStatus} follows: always its `client_orderid`,
 * and the gateway's `orderid` when known.
 *
 * @example
 * ```ts
 * import type { TransactionRef } from "@card-processing/client";
 * const ref: TransactionRef = { client_orderid: "902B4FF5", orderid: "1234567" };
 * ```
 */
export interface TransactionRef {
  readonly client_orderid: string;
  readonly orderid?: string | undefined;
}

/**
 * Options of {@link Gateway.waitForFinalStatus}: the poller's options.
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
