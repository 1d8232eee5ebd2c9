import { testBankAccounts, testCardsWithoutCvv2 } from "./payout-test-values.js";
import type { TestCardBehaviour } from "./test-card-behaviour.js";

function valueList(values: Readonly<Record<string, TestCardBehaviour>>): string {
  return Object.entries(values)
    .map(
      ([value, b]) =>
        `${value} ${b.outcome === "unknown" ? "stays unknown" : `${b.outcome} (${b.errorMessage ?? ""})`}`,
    )
    .join(", ");
}

/**
 * The sandbox's payout test values as lines of text, as the CLI prints them at start: the card
 * numbers that decide what is paid or charged without a CVV2, and the bank accounts of payouts.
 *
 * @example
 * ```ts
 * import { payoutTestValueLines } from "@card-processing/sandbox";
 * for (const line of payoutTestValueLines()) console.log(line);
 * ```
 */
export function payoutTestValueLines(): string[] {
  return [
    `cards without CVV2 (payouts, transfers, rebills): ${valueList(testCardsWithoutCvv2)}; any other approved`,
    `bank accounts (payouts): ${valueList(testBankAccounts)}; any other approved`,
  ];
}
