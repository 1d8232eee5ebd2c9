import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cvv2TestValues } from "../packages/sandbox/src/test-values/cvv2-test-values.ts";
import { testBankAccounts, testCardsWithoutCvv2 } from "../packages/sandbox/src/test-values/payout-test-values.ts";
import { testCards } from "../packages/sandbox/src/test-values/test-cards.ts";
import { exponents } from "../packages/signing/src/currency-exponents.ts";
import { amountsByCurrencyMarkdown } from "./src/currency-amounts.ts";
import { repoRoot } from "./src/paths.ts";
import { referenceTables } from "./src/reference-tables.ts";
import { sandboxTestValuesMarkdown } from "./src/sandbox-test-values.ts";

describe("the API reference's tables", () => {
  it("lists every test value of the sandbox with the final status it leads to", () => {
    const rows = sandboxTestValuesMarkdown().split("\n");
    for (const [value, behaviour] of Object.entries({
      ...cvv2TestValues,
      ...testCards,
      ...testCardsWithoutCvv2,
      ...testBankAccounts,
    })) {
      const row = rows.find((line) => line.startsWith(`| \`${value}\` | ${behaviour.outcome} |`));
      expect(row, value).toBeDefined();
      if (behaviour.errorCode !== undefined) expect(row).toMatch(new RegExp(`\\| ${behaviour.errorCode} \\|$`));
    }
  });

  it("agrees with the spec's Cvv2 description, which names the documented gateway's CVV2 test values", () => {
    const spec = JSON.parse(readFileSync(join(repoRoot, "packages/types/openapi.json"), "utf8"));
    const description: string = spec.components.schemas.Cvv2.description;
    for (const cvv2 of Object.keys(cvv2TestValues)) expect(description, cvv2).toContain(`\`${cvv2}\``);
  });

  it("lists every currency signing knows under its ISO 4217 exponent", () => {
    const rows = amountsByCurrencyMarkdown().split("\n");
    for (const [code, exponent] of Object.entries(exponents)) {
      const row = rows.find((line) => line.startsWith(`| ${exponent}: `));
      expect(row, code).toContain(`\`${code}\``);
    }
    expect(rows.find((line) => line.startsWith("| 2: "))).toContain("`1.50` → `150`");
  });

  it("is shown in the reference: docs/redocly.yaml names each table's file as a section", () => {
    const config = parse(readFileSync(join(repoRoot, "docs/redocly.yaml"), "utf8"));
    const sections = config.apis.docs.decorators["card-processing/reference-sections"].sections;
    const files = sections.flatMap((s: { markdownFile?: string }) => (s.markdownFile ? [s.markdownFile] : []));
    expect(files.sort()).toEqual(Object.keys(referenceTables).sort());
  });
});
