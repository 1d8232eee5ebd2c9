import { maskCardNumbersInText } from "@card-processing/signing";
import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The gateway has no order with this `client_orderid` (or `orderid`): the answer of a status
 * query for an order it never received, with `outcome` `"not-applied"`. After a lost reply,
 * `gateway.recoverOrder` turns it into `{ found: false }`: the order never reached the gateway and
 * sending it again with the same `client_orderid` is safe.
 *
 * @example
 * ```ts
 * import { OrderNotFoundError } from "@card-processing/client";
 * const { error } = await gateway.statusByClientOrderId("902B4FF5");
 * if (error instanceof OrderNotFoundError) console.log(`${error.clientOrderId} never reached the gateway`);
 * ```
 */
export class OrderNotFoundError extends GatewayError {
  override name = "OrderNotFoundError" as const;
  declare readonly code: "ERR_ORDER_NOT_FOUND";
  /** The gateway's `error-message`. */
  readonly gatewayMessage: string | undefined;
  /** The gateway's numeric `error-code` (`unknown-reference` of the spec's codes). */
  readonly gatewayCode: number | undefined;

  constructor(
    message: string,
    options: GatewayErrorOptions & { gatewayMessage?: string | undefined; gatewayCode?: number | undefined } = {},
  ) {
    super("ERR_ORDER_NOT_FOUND", message, { ...options, outcome: "not-applied" });
    this.gatewayMessage = options.gatewayMessage && maskCardNumbersInText(options.gatewayMessage);
    this.gatewayCode = options.gatewayCode;
  }
}
