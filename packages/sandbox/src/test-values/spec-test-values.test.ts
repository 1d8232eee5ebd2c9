import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { testBankAccounts, testCardsWithoutCvv2 } from "./payout-test-values.js";

interface SchemaNode {
  readonly properties?: Record<
    string,
    { "x-sandbox-test-values"?: { "x-assumed"?: boolean; values: Record<string, string> } }
  >;
}
const spec = createRequire(import.meta.url)("@card-processing/types/openapi.json") as {
  components: { schemas: Record<string, SchemaNode> };
};

function testValuesOf(schema: string, field: string): Record<string, string> {
  const node = spec.components.schemas[schema]?.properties?.[field]?.["x-sandbox-test-values"];
  expect(node?.["x-assumed"], `${schema}.${field}`).toBe(true);
  return node?.values ?? {};
}

describe("the spec's payout test values", () => {
  it.each([
    ["PayoutRequest", "account_number"],
    ["PayoutV4Request", "account_number"],
    ["PayoutCheckRequest", "account_number"],
  ])("%s.%s lists every test bank account with the sandbox's outcome", (schema, field) => {
    const values = testValuesOf(schema, field);
    expect(Object.keys(values).sort()).toEqual(Object.keys(testBankAccounts).sort());
    for (const [account, behaviour] of Object.entries(testBankAccounts))
      expect(values[account]).toContain(`error-code ${behaviour.errorCode}`);
  });

  it.each([
    ["PayoutRequest", "destination-card-no"],
    ["PayoutV4Request", "credit_card_number"],
    ["TransferByRefRequest", "destination-card-no"],
    ["TransferByRefRequest", "destination-card-ref-id"],
  ])("%s.%s lists every card tested without a CVV2 with the sandbox's outcome", (schema, field) => {
    const values = testValuesOf(schema, field);
    for (const [card, behaviour] of Object.entries(testCardsWithoutCvv2)) {
      expect(values[card], card).toContain(behaviour.outcome === "unknown" ? "stays unknown" : behaviour.outcome);
      expect(values[card]).toContain(`error-code ${behaviour.errorCode}`);
    }
  });
});
