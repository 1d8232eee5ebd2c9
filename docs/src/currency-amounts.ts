import { exponents } from "../../packages/signing/src/currency-exponents.ts";

function codes(list: readonly string[]): string {
  return list.map((code) => `\`${code}\``).join(", ");
}

/**
 * The amount rule per currency as Markdown for the API reference: how an amount becomes minor units
 * in a `control` string, and each ISO 4217 exponent, read from signing's table, the one the SDK and
 * the sandbox sign and verify with.
 */
export function amountsByCurrencyMarkdown(): string {
  const byExponent = new Map<number, string[]>();
  for (const [code, exponent] of Object.entries(exponents)) {
    byExponent.set(exponent, [...(byExponent.get(exponent) ?? []), code]);
  }
  const rows = [...byExponent]
    .sort(([a], [b]) => a - b)
    .map(([exponent, list]) => {
      const digits = "5".padEnd(exponent, "0");
      const example = exponent === 0 ? "`1000` → `1000`" : `\`1.${digits}\` → \`1${digits}\``;
      return `| ${exponent}: ${example} | ${codes(list)} (${list.length}) |`;
    });
  return [
    "`amount` is sent in major units of its currency, as a decimal (`10.42`). Where a `control` signature has the term `amount`, it is the amount in minor units: the decimal times 10 to the power of the currency's ISO 4217 exponent, computed from the decimal string, never with floating point (`10.42` USD is `1042`). An amount with more fraction digits than its currency has (`10.5` JPY) is refused by the SDK before anything is sent (`ERR_AMOUNT_INVALID`).",
    'For a currency whose exponent is not 2 (`JPY`, `KWD`...) no source says which minor units the gateway verifies: see the open question on `Amount` (`x-control-amounts`). The SDK and the sandbox follow ISO 4217 by default (`controlAmounts: "iso-4217"`) and take `hundredths` (the amount times 100, as the official PHP library computes it) when told.',
    `| exponent: amount → \`control\` | currencies |\n| --- | --- |\n${rows.join("\n")}`,
    "From signing's table of active ISO 4217 codes; fund and metal codes without a minor unit are not accepted.",
  ].join("\n\n");
}
