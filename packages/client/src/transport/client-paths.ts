import type { FORM_MEDIA_TYPE, OperationPath, OperationTable, paths } from "@card-processing/types";
import type { VendorMediaType } from "./media-types.js";

/**
 * The body fields the signing middleware fills in for the operation at `Path`.
 *
 * @example
 * ```ts
 * import type { SignerSuppliedField } from "@card-processing/client";
 * type Filled = SignerSuppliedField<"/api/v2/capture/{endpointId}">; // "control" | "login"
 * ```
 */
export type SignerSuppliedField<Path extends OperationPath> =
  | "control"
  | ("login" extends OperationTable[Path]["signature"]["terms"][number] ? "login" : never);

/** `Body` with the fields named by `Keys` made optional: `{ a: string; control?: string }`. */
export type WithOptional<Body, Keys extends PropertyKey> = Body extends unknown
  ? // Flattened, so that editors show one object type.
    Omit<Body, Keys & keyof Body> & Partial<Pick<Body, Keys & keyof Body>> extends infer Flat
    ? { [K in keyof Flat]: Flat[K] }
    : never
  : never;

/** A reply as the client hands it over: `paynet-order-id` is always a string. */
export type Normalized<Reply> = Reply extends object
  ? { [K in keyof Reply]: K extends "paynet-order-id" ? string : Reply[K] }
  : Reply;

/**
 * The request body of the operation at `Path`, as the spec declares it (`control` included).
 *
 * @example
 * ```ts
 * import type { SpecRequestBody } from "@card-processing/client";
 * type Void = SpecRequestBody<"/api/v2/void/{endpointId}">; // VoidRequest
 * ```
 */
export type SpecRequestBody<Path extends OperationPath> =
  paths[Path]["post"]["requestBody"]["content"][typeof FORM_MEDIA_TYPE];

/**
 * The request body a caller writes for the operation at `Path` when a signer is in use: as the
 * spec says, except that `control` (and `login` where the signature needs it) may be left out.
 *
 * @example
 * ```ts
 * import type { RequestBody } from "@card-processing/client";
 * const body: RequestBody<"/api/v2/void/{endpointId}"> = { client_orderid: "A1", orderid: "1234567", comment: "Customer cancelled" };
 * ```
 */
export type RequestBody<Path extends OperationPath> = WithOptional<SpecRequestBody<Path>, SignerSuppliedField<Path>>;

/**
 * An operation's responses as the client hands them over: each media type's body
 * {@link Normalized}, so `paynet-order-id` is a string.
 *
 * @example
 * ```ts
 * import type { ClientResponses } from "@card-processing/client";
 * import type { paths } from "@card-processing/types";
 * type SaleResponses = ClientResponses<paths["/api/v2/sale/{endpointId}"]["post"]["responses"]>;
 * ```
 */
export type ClientResponses<Responses> = {
  [Code in keyof Responses]: Responses[Code] extends { content: infer Content }
    ? Omit<Responses[Code], "content"> & { content: { [Media in keyof Content]: Normalized<Content[Media]> } }
    : Responses[Code];
};

/**
 * One operation as the configured client sees it: `Accept` optional, the body a caller writes
 * with a signer in use ({@link RequestBody}), and replies with `paynet-order-id` as a string.
 *
 * @example
 * ```ts
 * import type { ClientOperation } from "@card-processing/client";
 * type Capture = ClientOperation<"/api/v2/capture/{endpointId}">;
 * type Body = Capture["requestBody"]["content"]["application/x-www-form-urlencoded"];
 * ```
 */
export type ClientOperation<Path extends OperationPath> = {
  parameters: {
    query?: never;
    // The client sends Accept itself, so callers need not.
    header?: { Accept?: VendorMediaType };
    path: paths[Path]["post"]["parameters"]["path"];
    cookie?: never;
  };
  requestBody: { content: Record<typeof FORM_MEDIA_TYPE, RequestBody<Path>> };
  responses: ClientResponses<paths[Path]["post"]["responses"]>;
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
