import type { Order, PendingOperation, PendingOutcomeName } from "../orders/order.js";
import type { Decision } from "../orders/order-request.js";
import { behaviourDecision, captureOnSale, cardDecision, destinationDecision } from "./card-decision.js";

/**
 * How an operation on an order ends once its latency has passed: the decision, and what an
 * approval does to the order. Named, not passed as closures, so an order waiting on one is plain
 * data that a restart with a data directory picks up again.
 */
interface PendingOutcome {
  decide(order: Order): Decision;
  apply?(order: Order, pending: PendingOperation): void;
}

const approved = (): Decision => ({ status: "approved" });

/** Every way a pending operation ends, by name. */
export const pendingOutcomes: Readonly<Record<PendingOutcomeName, PendingOutcome>> = {
  /** A card payment (sale, preauth, rebill, after any 3-D Secure step): the test card decides; a sale is captured. */
  card: { decide: (order) => cardDecision(order.card, order.threeDSecure), apply: captureOnSale },
  /** A payout or transfer: the destination card, or the destination bank account, decides. */
  destination: {
    decide: (order) =>
      order.destination === undefined ? behaviourDecision(order.accountBehaviour) : cardDecision(order.destination),
  },
  /** A payout paid on its hosted page: the card the customer entered decides. */
  hostedPayout: {
    decide: (order) =>
      order.destination?.behaviour.outcome === "approved"
        ? { status: "approved" }
        : { status: "declined", errorMessage: "Recipient card refused (sandbox test card)", errorCode: 100 },
  },
  /** A transfer: the source card, then the destination card. */
  transfer: { decide: (order) => destinationDecision(order.card, order.destination) },
  capture: {
    decide: approved,
    apply: (order, pending) => {
      order.capturedMinor += pending.amountMinor;
    },
  },
  void: {
    decide: approved,
    apply: (order) => {
      order.cancelled = "voided";
    },
  },
  /** A return of a preauthorization: the hold is released. */
  release: {
    decide: approved,
    apply: (order) => {
      order.cancelled = "released";
    },
  },
  reversal: {
    decide: approved,
    apply: (order, pending) => {
      order.refundedMinor += pending.amountMinor;
    },
  },
};
