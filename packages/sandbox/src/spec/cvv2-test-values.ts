import type { TestCardBehaviour } from "./test-cards.js";

const approved: TestCardBehaviour = { outcome: "approved", threeDSecure: "none", description: "approved" };

function declined(reason: string, errorCode: number): TestCardBehaviour {
  return {
    outcome: "declined",
    threeDSecure: "none",
    description: `declined: ${reason}`,
    errorMessage: reason,
    errorCode,
  };
}

/**
 * The documented gateway's sandbox test values: with any valid card number that is not one of the
 * sandbox's own test cards, the CVV2 decides the outcome. Decline reasons come with the ISO 8583
 * response code of that reason as `error-code`.
 *
 * @example
 * ```ts
 * import { cvv2TestValues } from "@card-processing/sandbox";
 * console.log(cvv2TestValues["116"]?.errorMessage); // "Insufficient funds"
 * ```
 */
export const cvv2TestValues: Readonly<Record<string, TestCardBehaviour>> = {
  "123": approved,
  "1234": approved,
  "321": {
    outcome: "approved",
    threeDSecure: "2.x-challenge",
    threeDSecurePassword: "hint",
    description: "3-D Secure form; the password `hint` authenticates, then approved",
  },
  "111": { outcome: "approved", threeDSecure: "none", description: "approved at once, without 3-D Secure" },
  "217": {
    outcome: "unknown",
    threeDSecure: "none",
    description: "stays unknown (acquirer network problem)",
    errorMessage: "Acquirer network problem: status unknown",
    errorCode: 91,
  },
  "101": declined("Expired card", 54),
  "116": declined("Insufficient funds", 51),
  "119": declined("Transaction not permitted to cardholder", 57),
  "209": declined("Pick-up card, stolen card", 43),
};

/**
 * What any CVV2 outside `cvv2TestValues` leads to: declined.
 *
 * @example
 * ```ts
 * import { otherCvv2Behaviour } from "@card-processing/sandbox";
 * console.log(otherCvv2Behaviour.outcome); // "declined"
 * ```
 */
export const otherCvv2Behaviour: TestCardBehaviour = declined(
  "Declined by the issuer (CVV2 is not a sandbox test value)",
  5,
);
