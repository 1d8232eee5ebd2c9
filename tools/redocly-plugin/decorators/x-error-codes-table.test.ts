import { describe, expect, it } from "vitest";
import { errorCodesTable, xErrorCodesTable } from "./x-error-codes-table.js";

describe("x-error-codes-table decorator", () => {
  it("appends the codes by number under the field's description, once", () => {
    const field: Record<string, unknown> = {
      type: "integer",
      description: "What kind of refusal it is.",
      "x-error-codes": { signature: 2, "invalid-request": 1, "unknown-reference": 4 },
    };
    xErrorCodesTable().Schema.leave(field);
    xErrorCodesTable().Schema.leave(field);
    expect(field["description"]).toBe(
      "What kind of refusal it is.\n\n| `error-code` | name |\n| --- | --- |\n| 1 | `invalid-request` |\n| 2 | `signature` |\n| 4 | `unknown-reference` |",
    );
  });

  it("leaves a schema without x-error-codes as it is", () => {
    const schema = { type: "string", description: "Text." };
    xErrorCodesTable().Schema.leave(schema);
    expect(schema).toEqual({ type: "string", description: "Text." });
  });

  it("tabulates the spec's own codes, 1 to 5", async () => {
    const { readFileSync } = await import("node:fs");
    const spec = JSON.parse(readFileSync(new URL("../../../packages/types/openapi.json", import.meta.url), "utf8"));
    const codes = spec.components.schemas.ValidationErrorResponse.properties["error-code"]["x-error-codes"];
    const rows = errorCodesTable(codes).split("\n").slice(2);
    expect(rows.map((row) => Number(row.split("|")[1]))).toEqual([1, 2, 3, 4, 5]);
  });
});
