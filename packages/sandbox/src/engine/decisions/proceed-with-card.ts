import type { Order } from "../orders/order.js";
import { type AuthenticatingGateway, authenticate } from "./three-ds-step.js";

/** Sends a card order on: to its 3-D Secure step when the card has one, else to processing. */
export function proceedWithCard(engine: AuthenticatingGateway, order: Order): void {
  const flow = order.card?.behaviour.threeDSecure ?? "none";
  if (flow !== "none" && order.kind !== "payout") {
    authenticate(engine, order, flow);
    return;
  }
  engine.process(order, order.kind, order.amountMinor, "card");
}
