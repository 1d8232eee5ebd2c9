import { CardProcessingError, maskCardNumbersInText, type RequestOutcome } from "@card-processing/signing";
import { redactedRequest, redactedResponse } from "../redaction/redaction.js";

/**
 * Every `code` a {@link GatewayError} of this package can carry.
 *
 * @example
 * ```ts
 * import type { GatewayErrorCode } from "@card-processing/client";
 * const unreadable: GatewayErrorCode[] = ["ERR_REPLY_UNREADABLE", "ERR_REPLY_FOREIGN"];
 * ```
 */
export type GatewayErrorCode =
  | "ERR_VALIDATION"
  | "ERR_ORDER_NOT_FOUND"
  | "ERR_SERVER"
  | "ERR_REPLY_UNREADABLE"
  | "ERR_REPLY_FOREIGN"
  | "ERR_REPLY_INCOMPLETE"
  | "ERR_REPLY_REDIRECT"
  | "ERR_REPLY_TOO_LARGE"
  | "ERR_TIMEOUT"
  | "ERR_ABORTED"
  | "ERR_STATUS_UNCHANGED"
  | "ERR_OUTCOME_UNKNOWN"
  | "ERR_NETWORK"
  | "ERR_SIGNATURE_MISSING"
  | "ERR_SIGNATURE_INVALID"
  | "ERR_FIELD_INVALID"
  | "ERR_OPTION_INVALID";

/**
 * What every error of this package may carry besides its message.
 *
 * @example
 * ```ts
 * import type { GatewayErrorOptions } from "@card-processing/client";
 * const options: GatewayErrorOptions = { serialNumber: "00000000-0000-0000-0000-0000026f8e3a", outcome: "not-applied" };
 * ```
 */
export interface GatewayErrorOptions {
  cause?: unknown;
  /** The HTTP response, when something answered. */
  response?: Response | undefined;
  /** The request; the error keeps it redacted: method, URL and headers without secrets or card numbers, no body. */
  request?: Request | undefined;
  /** The gateway's `serial-number` of the reply, when it gave one; quote it to support. */
  serialNumber?: string | undefined;
  /** Whether the request may have taken effect; `"not-applied"` unless said otherwise. */
  outcome?: RequestOutcome | undefined;
  /** The operation the request was for. */
  operationId?: string | undefined;
  /** The `client_orderid` the request carried. */
  clientOrderId?: string | undefined;
  /** The `orderid` the request named (a capture, return or void of that order). */
  orderid?: string | undefined;
  /** The amount the request carried, as sent. */
  amount?: string | undefined;
  /** When the request failed, if not now: an aborted recovery keeps the moment of the failure it recovers. */
  failedAt?: Date | undefined;
}

/**
 * Base class of every error this package produces, itself a `CardProcessingError` (the root that
 * `SigningError` shares, re-exported here); `code` tells them apart without string matching,
 * `outcome` (from the root) says whether the request may have taken effect. No field holds a key
 * or a CVV, and a card number in any of them (the message, `clientOrderId`, the request's URL, the
 * cause) is masked to its first six and last four digits as the error is made. Gateway methods
 * return their failures as `error` values; misuse throws before anything is sent.
 *
 * @example
 * ```ts
 * import { GatewayError } from "@card-processing/client";
 * const { error } = await gateway.sale(body);
 * if (error instanceof GatewayError && error.outcome === "unknown") {
 *   const recovered = await gateway.recover(error);
 * }
 * ```
 */
export class GatewayError extends CardProcessingError {
  override name: string = "GatewayError";
  declare readonly code: GatewayErrorCode;
  readonly response: Response | undefined;
  /** The request that failed, redacted: method, URL and headers without secrets or card numbers, no body. */
  readonly request: Request | undefined;
  readonly serialNumber: string | undefined;
  /** The operation the request was for, when known. */
  readonly operationId: string | undefined;
  /** The `client_orderid` the request carried, when it had one: the key to recover the order by. */
  readonly clientOrderId: string | undefined;
  /** The `orderid` the request named, for an operation on an existing order (capture, return, void). */
  readonly orderid: string | undefined;
  /** The amount the request carried, as sent (a partial capture or return). */
  readonly amount: string | undefined;
  /** When the failure was seen: `gateway.recover(error)` looks for what the request did from shortly before it. */
  readonly failedAt: Date;

  constructor(code: GatewayErrorCode, message: string, options: GatewayErrorOptions = {}) {
    super(code, message, { cause: options.cause, outcome: options.outcome });
    this.response = options.response && redactedResponse(options.response);
    this.request = options.request && redactedRequest(options.request);
    this.serialNumber = options.serialNumber && maskCardNumbersInText(options.serialNumber);
    this.operationId = options.operationId;
    // A shop may build its order id from input: `order-4111111111111111` is kept as `order-411111******1111`.
    this.clientOrderId = options.clientOrderId && maskCardNumbersInText(options.clientOrderId);
    this.orderid = options.orderid;
    this.amount = options.amount;
    this.failedAt = options.failedAt ?? new Date();
  }
}
