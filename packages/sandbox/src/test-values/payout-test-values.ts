import type { TestCardBehaviour } from "./test-card-behaviour.js";

function declined(reason: string, errorCode: number): TestCardBehaviour {
  return {
    outcome: "declined",
    threeDSecure: "none",
    description: `declined: ${reason}`,
    errorMessage: reason,
    errorCode,
  };
}

function unknown(reason: string): TestCardBehaviour {
  return {
    outcome: "unknown",
    threeDSecure: "none",
    description: `stays unknown (${reason})`,
    errorMessage: reason,
    errorCode: 91,
  };
}

/**
 * The sandbox's test cards for what is charged or paid without a CVV2: a payout or transfer to the
 * card (by number, card reference or recurring payment), a rebill or a recurring charge of it. When
 * a CVV2 is sent (the payment or account verification that stores the card) the CVV2 decides, as
 * for any card; without one, the card number does. The three digits before the check digit are the
 * CVV2 test value of the same reason. The documented gateway publishes no such values: these are
 * the sandbox's own.
 *
 * @example
 * ```ts
 * import { testCardsWithoutCvv2 } from "@card-processing/sandbox";
 * console.log(testCardsWithoutCvv2["4000000000101016"]?.errorMessage); // "Expired card"
 * ```
 */
export const testCardsWithoutCvv2: Readonly<Record<string, TestCardBehaviour>> = {
  "4000000000101016": declined("Expired card", 54),
  "4000000000101198": declined("Transaction not permitted to cardholder", 57),
  "4000000000102170": unknown("Acquirer network problem: status unknown"),
};

/**
 * The sandbox's test bank accounts: a payout (v2, v4, or payout-check then payout-pay) to one of
 * these `account_number`s declines or stays unknown; to any other account it is approved. The last
 * two digits are the `error-code`. The documented gateway publishes no such values: these are the
 * sandbox's own.
 *
 * @example
 * ```ts
 * import { testBankAccounts } from "@card-processing/sandbox";
 * console.log(testBankAccounts["0000000014"]?.outcome); // "declined"
 * ```
 */
export const testBankAccounts: Readonly<Record<string, TestCardBehaviour>> = {
  "0000000014": declined("Invalid account number", 14),
  "0000000057": declined("Transaction not permitted: account closed", 57),
  "0000000091": unknown("Recipient's bank did not answer: status unknown"),
};

/** What a payout to a bank account leads to: a test account's behaviour, or approved. */
export function bankAccountBehaviour(accountNumber: string): TestCardBehaviour {
  return testBankAccounts[accountNumber] ?? { outcome: "approved", threeDSecure: "none", description: "approved" };
}
