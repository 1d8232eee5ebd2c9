import type { OperationPath, operationTable, paths } from "@card-processing/types";
import type { VendorMediaType } from "./media-types.js";

type Table = typeof operationTable;

/**
 * The body fields the signing middleware fills in for the operation at `Path`.
 *
 * @example
 * ```ts
 * type Filled = SignerSuppliedField<"/api/v2/capture/{endpointId}">; // "control" | "login"
 * ```
 */
export type SignerSuppliedField<Path extends OperationPath> =
  | "control"
  | ("login" extends Table[Path]["signature"]["terms"][number] ? "login" : never);

/** Flattens an intersection so editors show one object type. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * `Body` with the fields named by `Keys` made optional.
 *
 * @example
 * ```ts
 * type B = WithOptional<{ a: string; control: string }, "control">; // { a: string; control?: string }
 * ```
 */
export type WithOptional<Body, Keys extends PropertyKey> = Body extends unknown
  ? Simplify<Omit<Body, Keys & keyof Body> & Partial<Pick<Body, Keys & keyof Body>>>
  : never;

/**
 * A reply as the client hands it over: `paynet-order-id` is always a string.
 *
 * @example
 * ```ts
 * type R = Normalized<{ "paynet-order-id": string | number }>; // { "paynet-order-id": string }
 * ```
 */
export type Normalized<Reply> = Reply extends object
  ? { [K in keyof Reply]: K extends "paynet-order-id" ? string : Reply[K] }
  : Reply;

type PostOperation<Path extends OperationPath> = paths[Path]["post"];

/**
 * The request body of the operation at `Path`, as the spec declares it (`control` included).
 *
 * @example
 * ```ts
 * type Void = SpecRequestBody<"/api/v2/void/{endpointId}">; // VoidRequest
 * ```
 */
export type SpecRequestBody<Path extends OperationPath> =
  PostOperation<Path>["requestBody"]["content"]["application/x-www-form-urlencoded"];

/**
 * The request body a caller writes for the operation at `Path` when a signer is in use: as the
 * spec says, except that `control` (and `login` where the signature needs it) may be left out.
 *
 * @example
 * ```ts
 * import type { RequestBody } from "@card-processing/client";
 * const body: RequestBody<"/api/v2/void/{endpointId}"> = { client_orderid: "A1", orderid: "1234567" };
 * ```
 */
export type RequestBody<Path extends OperationPath> = WithOptional<SpecRequestBody<Path>, SignerSuppliedField<Path>>;

type ClientResponses<Responses> = {
  [Code in keyof Responses]: Responses[Code] extends { content: infer Content }
    ? Omit<Responses[Code], "content"> & { content: { [Media in keyof Content]: Normalized<Content[Media]> } }
    : Responses[Code];
};

type ClientOperation<Path extends OperationPath> = {
  parameters: {
    query?: never;
    // The client sends Accept itself, so callers need not.
    header?: { Accept?: VendorMediaType };
    path: PostOperation<Path>["parameters"]["path"];
    cookie?: never;
  };
  requestBody: { content: { "application/x-www-form-urlencoded": RequestBody<Path> } };
  responses: ClientResponses<PostOperation<Path>["responses"]>;
};

/**
 * The spec's `paths` as the configured client sees them: `Accept` is optional (the client sends
 * it), `control` and signer-supplied `login` are optional, and `paynet-order-id` in replies is a
 * string.
 *
 * @example
 * ```ts
 * import type { ClientPaths } from "@card-processing/client";
 * type SaleReply = ClientPaths["/api/v2/sale/{endpointId}"]["post"]["responses"][200]["content"]["application/vnd.pay+json"];
 * ```
 */
export type ClientPaths = {
  [Path in OperationPath]: {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: ClientOperation<Path>;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};
