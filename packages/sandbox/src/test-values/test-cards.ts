import { cvv2TestValues, otherCvv2Behaviour } from "./cvv2-test-values.js";
import { testCardsWithoutCvv2 } from "./payout-test-values.js";
import type { TestCardBehaviour } from "./test-card-behaviour.js";

/**
 * The sandbox's test cards, by card number. The numbers that decline, fail or run 3-D Secure do so
 * whatever the CVV2; with any other valid number (these two approved ones included) the CVV2
 * decides, by `cvv2TestValues`. A number that fails the Luhn check is refused as invalid input.
 *
 * @example
 * ```ts
 * import { testCards } from "@card-processing/sandbox";
 * console.log(testCards["4000000000000002"]?.outcome); // "declined"
 * ```
 */
export const testCards: Readonly<Record<string, TestCardBehaviour>> = {
  "4111111111111111": { outcome: "approved", threeDSecure: "none", description: "Visa, approved" },
  "5555555555554444": { outcome: "approved", threeDSecure: "none", description: "Mastercard, approved" },
  "4000000000000002": { outcome: "declined", threeDSecure: "none", description: "declined by the issuer" },
  "4000000000000119": { outcome: "error", threeDSecure: "none", description: "processing error" },
  "4000000000003220": {
    outcome: "approved",
    threeDSecure: "2.x-challenge",
    description: "3-D Secure 2 challenge; approved once authenticated",
  },
  "4000000000003063": {
    outcome: "approved",
    threeDSecure: "1.0.2",
    description: "3-D Secure 1.0.2; approved once authenticated",
  },
};

/** True when `digits` passes the Luhn check. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const anyOtherCard: TestCardBehaviour = {
  outcome: "approved",
  threeDSecure: "none",
  description: "any other valid card",
};

/**
 * The behaviour of a card: a test card that declines, fails or runs 3-D Secure keeps its
 * behaviour; otherwise a CVV2, when sent, decides (`cvv2TestValues`, any other value declined);
 * a card used without one (a payout's destination, a stored card charged again) is approved unless
 * it is one of `testCardsWithoutCvv2`. The expiry date never decides: CVV2 `101` is the expired card.
 */
export function behaviourOf(cardNumber: string, cvv2?: string): TestCardBehaviour {
  const card = testCards[cardNumber];
  if (card !== undefined && (card.outcome !== "approved" || card.threeDSecure !== "none")) return card;
  if (cvv2 === undefined || cvv2 === "") return testCardsWithoutCvv2[cardNumber] ?? card ?? anyOtherCard;
  return cvv2TestValues[cvv2] ?? otherCvv2Behaviour;
}

/** Brand guessed from the first digits, as the gateway reports it in `card-type`. */
export function cardBrand(cardNumber: string): string {
  if (cardNumber.startsWith("4")) return "VISA";
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return "MASTERCARD";
  if (/^3[47]/.test(cardNumber)) return "AMEX";
  return "OTHER";
}
