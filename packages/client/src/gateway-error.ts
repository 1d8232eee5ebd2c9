import { CardProcessingError } from "@card-processing/signing";

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
  | "ERR_TIMEOUT"
  | "ERR_STATUS_UNCHANGED"
  | "ERR_NETWORK"
  | "ERR_SIGNATURE_MISSING"
  | "ERR_SIGNATURE_INVALID"
  | "ERR_FIELD_INVALID"
  | "ERR_OPTION_INVALID";

/**
 * What is known of a failed request's effect at the gateway: `"unknown"` when it may have reached
 * the gateway and taken effect (a lost, cut or foreign reply, a timeout, a 5xx), `"not-applied"`
 * when it is known not to have (refused before sending, connection refused, refused by the
 * gateway). After `"unknown"` on an operation that moves money, recover the order by its
 * `client_orderid` before sending it again.
 *
 * @example
 * ```ts
 * import type { RequestOutcome } from "@card-processing/client";
 * const safeToResend = (outcome: RequestOutcome) => outcome === "not-applied";
 * ```
 */
export type RequestOutcome = "unknown" | "not-applied";

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
  /** The request, redacted: method, URL and headers without secrets, no body. */
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
}

/**
 * Base class of every error this package produces, itself a `CardProcessingError` (the root that
 * `SigningError` shares, re-exported here); `code` tells them apart without string matching, `outcome` says whether the request may have taken effect. Messages never contain a
 * key, a card number or a CVV. Gateway methods return their failures as `error` values; misuse
 * throws before anything is sent.
 *
 * @example
 * ```ts
 * import { GatewayError } from "@card-processing/client";
 * const { error } = await gateway.sale(body);
 * if (error instanceof GatewayError && error.outcome === "unknown") {
 *   const recovered = await gateway.recoverOrder({ client_orderid: body.client_orderid });
 * }
 * ```
 */
export class GatewayError extends CardProcessingError {
  override name: string = "GatewayError";
  declare readonly code: GatewayErrorCode;
  readonly response: Response | undefined;
  /** The request that failed, redacted: method, URL and headers without secrets, no body. */
  readonly request: Request | undefined;
  readonly serialNumber: string | undefined;
  /** Whether the request may have taken effect at the gateway. */
  readonly outcome: RequestOutcome;
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
    super(code, message, options);
    this.response = options.response;
    this.request = options.request;
    this.serialNumber = options.serialNumber;
    this.outcome = options.outcome ?? "not-applied";
    this.operationId = options.operationId;
    this.clientOrderId = options.clientOrderId;
    this.orderid = options.orderid;
    this.amount = options.amount;
    this.failedAt = new Date();
  }
}
