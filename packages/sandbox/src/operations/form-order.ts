import type { components } from "@card-processing/types";
import type { GatewayEngine } from "../engine/gateway-engine.js";
import type { Order, OrderKind } from "../engine/orders/order.js";
import type { ReplyHandler } from "./operation-context.js";
import type { Reply } from "./replies.js";
import { moneyOrZero } from "./request-fields.js";
import { asyncReply, openOrder } from "./request-orders.js";
import { hostedUrl } from "./status-reply.js";

/** The `async-form-response` of an order waiting on its hosted page. */
export function formReply(
  engine: GatewayEngine,
  order: Order,
): Reply<components["schemas"]["AsyncCheckoutFormRedirect"]> {
  // The acknowledgement's own serial-number, which asyncReply remembered for by-request-sn.
  const { body } = asyncReply(order);
  return { httpStatus: 200, body: { ...body, type: "async-form-response", "redirect-url": hostedUrl(engine, order) } };
}

/** A hosted-page operation: registers the order and answers the page's address. */
export function formOrder(kind: OrderKind): ReplyHandler<components["schemas"]["AsyncCheckoutFormRedirect"]> {
  return (context) => {
    const details = () => ({ email: context.fields["email"], redirectUrl: context.fields["redirect_url"] });
    const { order } = openOrder(context, kind, "awaiting-form", details, moneyOrZero(context, kind));
    return formReply(context.engine, order);
  };
}
