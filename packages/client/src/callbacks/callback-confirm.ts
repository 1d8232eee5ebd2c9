import type { Gateway } from "../gateway-types.js";
import type { GatewayReply } from "../transport/gateway-call.js";
import type { VerifiedCallback } from "./callback.js";

/**
 * The gateway's own answer about the order a callback names (its status operation), which
 * `onCallback` receives as `event.confirmed` when the handler has `confirm`: the status, amount
 * and currency the gateway holds, where the callback's `type`, `amount` and `currency` are claims.
 *
 * @example
 * ```ts
 * import type { ConfirmedOrder } from "@card-processing/client/callback-handler";
 * const approved = (order: ConfirmedOrder) => order.status === "approved";
 * ```
 */
export type ConfirmedOrder = GatewayReply<"status">;

/** What asking the gateway came to: its answer, or why the callback is refused. */
export type Confirmation = { readonly confirmed: ConfirmedOrder } | { readonly refusal: string };

/**
 * Asks the gateway for the status of the order a verified callback names. A gateway that has no
 * such order, or answers for other ids (a callback whose ids were shifted across the digest's
 * missing separators), refuses the callback; any other failure throws, so the delivery is
 * answered 500 and comes again later.
 */
export async function confirmWithGateway(
  gateway: Pick<Gateway, "status">,
  callback: VerifiedCallback,
): Promise<Confirmation> {
  const { data, error } = await gateway.status({ client_orderid: callback.client_orderid, orderid: callback.orderid });
  if (error !== undefined) {
    if (error.code === "ERR_ORDER_NOT_FOUND") return { refusal: "the gateway has no such order" };
    throw error;
  }
  if (String(data["paynet-order-id"]) !== callback.orderid || data["merchant-order-id"] !== callback.client_orderid) {
    return { refusal: "the gateway answers for other order ids" };
  }
  return { confirmed: data };
}
