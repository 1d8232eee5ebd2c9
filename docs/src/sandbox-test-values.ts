import { cvv2TestValues, otherCvv2Behaviour } from "../../packages/sandbox/src/test-values/cvv2-test-values.ts";
import { testBankAccounts, testCardsWithoutCvv2 } from "../../packages/sandbox/src/test-values/payout-test-values.ts";
import type { TestCardBehaviour } from "../../packages/sandbox/src/test-values/test-card-behaviour.ts";
import { testCards } from "../../packages/sandbox/src/test-values/test-cards.ts";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function outcomeOf(behaviour: TestCardBehaviour): string {
  const code = behaviour.errorCode === undefined ? "" : ` (<code>error-code</code> ${behaviour.errorCode})`;
  return `${escapeHtml(behaviour.description.replaceAll("`", ""))}${code}`;
}

/**
 * The sandbox's test values as HTML tables, from the sandbox's own tables, so that the docs site
 * cannot drift from what the sandbox does.
 */
export function sandboxTestValuesHtml(): string {
  const cvvRows = Object.entries(cvv2TestValues).map(
    ([cvv2, b]) => `<tr><td><code>${cvv2}</code></td><td>${outcomeOf(b)}</td></tr>`,
  );
  cvvRows.push(`<tr><td>any other</td><td>${outcomeOf(otherCvv2Behaviour)}</td></tr>`);
  const cardRows = Object.entries(testCards).map(
    ([number, b]) => `<tr><td><code>${number}</code></td><td>${outcomeOf(b)}</td></tr>`,
  );
  return [
    `<table id="sandbox-cvv2-values">\n<tr><th>CVV2</th><th>outcome</th></tr>\n${cvvRows.join("\n")}\n</table>`,
    `<p>The sandbox's own test card numbers below keep their behaviour whatever the CVV2 when they decline, fail or run 3-D Secure; with the two approving ones, as with any other valid number, the CVV2 decides.</p>`,
    `<table id="sandbox-test-cards">\n<tr><th>card number</th><th>outcome</th></tr>\n${cardRows.join("\n")}\n</table>`,
  ].join("\n");
}

function markdownCell(text: string): string {
  return text.replaceAll("|", "\\|").replace(/\s+/g, " ");
}

const outcomeOrder: readonly TestCardBehaviour["outcome"][] = ["approved", "declined", "error", "unknown"];

/** Rows by outcome: approved first, then declined, error and unknown. */
function markdownRows(values: Readonly<Record<string, TestCardBehaviour>>): string[] {
  const entries = Object.entries(values);
  entries.sort(([, a], [, b]) => outcomeOrder.indexOf(a.outcome) - outcomeOrder.indexOf(b.outcome));
  return entries.map(([value, b]) => {
    const code = b.errorCode === undefined ? "" : String(b.errorCode);
    return `| \`${value}\` | ${b.outcome} | ${markdownCell(b.description)} | ${code} |`;
  });
}

function markdownTable(first: string, rows: readonly string[]): string {
  return [`| ${first} | final status | what happens | \`error-code\` |`, "| --- | --- | --- | --- |", ...rows].join(
    "\n",
  );
}

/**
 * The sandbox's test values as Markdown for the API reference, by outcome: the CVV2 values that
 * decide a card payment, the sandbox's own card numbers, the cards and bank accounts of payouts.
 * Read from the sandbox's own tables, the one home of what each value does.
 */
export function sandboxTestValuesMarkdown(): string {
  const cvv2 = [...markdownRows(cvv2TestValues), ...markdownRows({ "any other": otherCvv2Behaviour })];
  return [
    "What each test value does in the sandbox (`card-processing-sandbox`), read from the sandbox's own tables. With any valid card number that is not one of the sandbox's own below, the CVV2 decides, as on the documented gateway's sandbox; the expiry date decides nothing.",
    "### CVV2 of a card payment",
    markdownTable("CVV2", cvv2).replace("`any other`", "any other"),
    "### The sandbox's own card numbers",
    "They keep their behaviour whatever the CVV2 when they decline, fail or run 3-D Secure; with the two approving ones, as with any other valid number, the CVV2 decides.",
    markdownTable("card number", markdownRows(testCards)),
    "### Cards paid or charged without a CVV2",
    "Payouts and transfers to a card, rebills and recurring charges: the card number decides; any other card is approved.",
    markdownTable("card number", markdownRows(testCardsWithoutCvv2)),
    "### Bank accounts of payouts",
    "A payout to one of these `account_number`s declines or stays unknown; to any other account it is approved.",
    markdownTable("account number", markdownRows(testBankAccounts)),
  ].join("\n\n");
}
