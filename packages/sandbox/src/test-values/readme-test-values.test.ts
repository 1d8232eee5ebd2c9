import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cvv2TestValues } from "./cvv2-test-values.js";
import { testBankAccounts, testCardsWithoutCvv2 } from "./payout-test-values.js";
import { testCards } from "./test-cards.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the sandbox README", () => {
  it("lists every CVV2 test value with its decline reason and error code", () => {
    for (const [cvv2, behaviour] of Object.entries(cvv2TestValues)) {
      const row = readme
        .split("\n")
        .find((line) => line.startsWith("| ") && line.includes(`\`${cvv2}\``) && !line.includes("CVV2 test values"));
      expect(row, `CVV2 ${cvv2}`).toBeDefined();
      if (behaviour.errorMessage !== undefined && behaviour.outcome === "declined")
        expect(row).toContain(behaviour.errorMessage);
      if (behaviour.errorCode !== undefined) expect(row).toContain(`\`error-code\` ${behaviour.errorCode}`);
    }
  });

  it("lists every test card number", () => {
    for (const number of Object.keys(testCards)) expect(readme).toContain(`| \`${number}\` |`);
  });

  it("lists every payout test value, card and bank account, with its outcome, reason and error code", () => {
    for (const [value, behaviour] of Object.entries({ ...testCardsWithoutCvv2, ...testBankAccounts })) {
      const row = readme.split("\n").find((line) => line.startsWith(`| \`${value}\` |`));
      expect(row, value).toBeDefined();
      expect(row).toContain(behaviour.outcome === "unknown" ? "stays `unknown`" : behaviour.outcome);
      expect(row).toContain(`${behaviour.errorMessage}, \`error-code\` ${behaviour.errorCode}`);
    }
  });
});
