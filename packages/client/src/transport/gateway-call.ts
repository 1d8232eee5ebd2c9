import type { OperationById, OperationId, paths } from "@card-processing/types";
import type { Normalized, SignerSuppliedField, SpecRequestBody } from "./client-paths.js";
import type { VendorMediaType } from "./media-types.js";

/**
 * The path template of the operation named `Id`.
 *
 * @example
 * ```ts
 * import type { PathOf } from "@card-processing/client";
 * type P = PathOf<"makeRebill">; // "/api/v2/make-rebill/{endpointId}"
 * ```
 */
export type PathOf<Id extends OperationId> = OperationById<Id>["path"];

/**
 * The body a gateway method takes: the spec's request body without the fields the gateway's
 * signer supplies, `control` always and `login` where the signature covers it (the raw client's
 * `RequestBody` still lets a caller send them).
 *
 * @example
 * ```ts
 * import type { GatewayBody } from "@card-processing/client";
 * const body: GatewayBody<"void"> = { client_orderid: "902B4FF5", orderid: "1234567", comment: "Customer cancelled" };
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
  paths[PathOf<Id>]["post"]["responses"][200]["content"][VendorMediaType]
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
  /**
   * Aborts the call (for a shorter limit than the gateway's `timeoutMs`, `AbortSignal.timeout(ms)`):
   * the result is then a `TimeoutError` with code `ERR_ABORTED` as `error` (outcome `"unknown"`
   * once the request may have left; `gateway.recover(error)` takes it), never a rejection.
   */
  readonly signal?: AbortSignal | undefined;
}
