import type { GatewayEngine } from "../gateway-engine.js";
import type { Order } from "../orders/order.js";

/** Sends a card order on: to its 3-D Secure step when the card has one, else to processing. */
export function proceedWithCard(engine: GatewayEngine, order: Order): void {
  const flow = order.card?.behaviour.threeDSecure ?? "none";
  if (flow !== "none" && order.kind !== "payout") {
    engine.authenticate(order, flow);
    return;
  }
  engine.process(order, order.kind, order.amountMinor, "card");
}
