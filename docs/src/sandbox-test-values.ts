import { cvv2TestValues, otherCvv2Behaviour } from "../../packages/sandbox/src/spec/cvv2-test-values.ts";
import { type TestCardBehaviour, testCards } from "../../packages/sandbox/src/spec/test-cards.ts";

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
