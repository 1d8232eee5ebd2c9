import type { TestCardBehaviour } from "../../test-values/test-card-behaviour.js";
import type { Order, StoredCard, ThreeDSecureState } from "../orders/order.js";
import type { Decision } from "../orders/order-request.js";

/** The decision a test card leads to once any 3-D Secure step is over. */
export function cardDecision(card: StoredCard | undefined, threeDSecure?: ThreeDSecureState): Decision {
  if (threeDSecure !== undefined && threeDSecure.result !== "AUTHENTICATED") {
    return { status: "declined", errorMessage: "3-D Secure authentication failed", errorCode: 301 };
  }
  return behaviourDecision(card?.behaviour);
}

/** The decision a test behaviour leads to (a card's, or a bank account's); none approves. */
export function behaviourDecision(behaviour: TestCardBehaviour | undefined): Decision {
  switch (behaviour?.outcome ?? "approved") {
    case "declined":
      return {
        status: "declined",
        errorMessage: behaviour?.errorMessage ?? "Declined by the issuer (sandbox test card)",
        errorCode: behaviour?.errorCode ?? 100,
      };
    case "error":
      return {
        status: "error",
        errorMessage: behaviour?.errorMessage ?? "Processing error (sandbox test card)",
        errorCode: behaviour?.errorCode ?? 200,
      };
    case "unknown":
      return {
        status: "unknown",
        errorMessage: behaviour?.errorMessage ?? "Status unknown",
        errorCode: behaviour?.errorCode ?? 91,
      };
    default:
      return { status: "approved" };
  }
}

/** A payout or transfer fails when its source or destination card is a declined or error test card. */
export function destinationDecision(source: StoredCard | undefined, destination: StoredCard | undefined): Decision {
  const first = cardDecision(source);
  if (first.status !== "approved") return first;
  return cardDecision(destination);
}

/** What an approved sale does to its order: the whole amount is captured. */
export function captureOnSale(order: Order): void {
  if (order.kind === "sale") order.capturedMinor = order.amountMinor;
}
