/**
 * How an operation is signed, as declared by the `x-signature` extension of the spec.
 *
 * @example
 * ```ts
 * import type { SignatureScheme } from "@card-processing/types";
 * const scheme: SignatureScheme = "oauth-rsa-sha256";
 * ```
 */
export type SignatureScheme = "control" | "oauth-hmac-sha1" | "oauth-rsa-sha256" | "none";

/**
 * The signature rule of one operation: its scheme and, for `control`, the terms whose
 * concatenation (followed by the merchant control key) is hashed with SHA-1.
 *
 * `terms` name request fields, the path parameter `endpointId`, or `login`; `amount` means the
 * amount in minor units.
 *
 * @example
 * ```ts
 * import type { SignatureRule } from "@card-processing/types";
 * const rule: SignatureRule = { scheme: "control", terms: ["login", "client_orderid", "orderid"], assumed: false };
 * ```
 */
export interface SignatureRule {
  readonly scheme: SignatureScheme;
  readonly terms: readonly string[];
  /** True where neither the API description nor the documented gateway states the rule. */
  readonly assumed: boolean;
}

/**
 * What the SDK needs at run time about one operation, generated from its entry in the spec: its
 * id, path, signature rule and the fields it treats specially. Summaries, tags and schemas stay in
 * the bundled spec (`@card-processing/types/openapi.json`).
 *
 * @example
 * ```ts
 * import { operationTable, type OperationEntry } from "@card-processing/types";
 * const capture: OperationEntry = operationTable["/api/v2/capture/{endpointId}"];
 * console.log(capture.signature.terms.join(" + "));
 * ```
 */
export interface OperationEntry {
  /** The spec's `operationId`, also the name of the gateway method (`sale`, `makeRebill`, ...). */
  readonly operationId: string;
  /** The path template, relative to the base address; every operation is a `POST`. */
  readonly path: string;
  readonly signature: SignatureRule;
  /** Body fields the spec marks required, in spec order. */
  readonly requiredFields: readonly string[];
  /** Body fields holding an amount (major units, decimal). */
  readonly amountFields: readonly string[];
  /** Body fields holding the merchant's order id, however the operation spells it (`client_orderid`, `client-order-id`, ...). */
  readonly clientOrderIdFields: readonly string[];
  /** Body fields holding a full card number, to mask in logs. */
  readonly cardNumberFields: readonly string[];
  /** Body fields that must never be logged (security codes, signatures). */
  readonly secretFields: readonly string[];
  /** True when the operation can move, hold or release funds; such calls are never retried. */
  readonly movesMoney: boolean;
  /**
   * The form of its 200 reply's body: one object, or a list of objects (the spec's reply schema is
   * `type: array`, as get-balance's). A refusal is one object either way.
   */
  readonly replyShape: "object" | "list";
  /** Keys of its 200 reply (of each item, for a list) the spec types as numbers: the classic form sends them as text. */
  readonly replyNumberFields: readonly string[];
  /** The `type` its 200 reply (each item, for a list) carries, when the spec fixes it (`async-response`); empty when it does not. */
  readonly replyTypes: readonly string[];
  /** Keys its 200 reply (each item, for a list) always has: a reply without one of them cannot be taken as this operation's answer. */
  readonly replyRequiredFields: readonly string[];
  /**
   * The types the transactions report gives the transaction this operation makes on an existing
   * order (`return`: `reversal`, `cancel` or `refund`); empty for operations that open an order.
   */
  readonly reportTypes: readonly string[];
  /**
   * The operation's endpoint group address (`/api/v2/sale/group/{endpointGroupId}`), when its
   * published page lists one; a gateway configured with an endpoint group sends it there.
   */
  readonly groupPath?: string;
  /** Fields required when another field holds one of some values (`state` when `country` is US, CA or AU). */
  readonly conditionalFields?: readonly {
    readonly when: string;
    readonly in: readonly string[];
    readonly fields: readonly string[];
  }[];
}
