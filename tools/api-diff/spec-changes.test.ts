import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { changeList } from "./change-list.ts";
import { changeRules } from "./change-rules.ts";
import { specChanges } from "./spec-changes.ts";

const fixtures = join(import.meta.dirname, "fixtures");

async function fixturePair(id: string): Promise<{ base: Record<string, unknown>; head: Record<string, unknown> }> {
  return parse(await readFile(join(fixtures, `${id}.yaml`), "utf8"));
}

describe("spec change rules", () => {
  it("has one fixture pair per rule and no fixture without a rule", async () => {
    const files = (await readdir(fixtures)).filter((f) => f.endsWith(".yaml")).map((f) => f.replace(/\.yaml$/, ""));
    expect(files.sort()).toEqual(changeRules.map((r) => r.id).sort());
  });

  for (const rule of changeRules) {
    it(`reports ${rule.id} as ${rule.kind}, and nothing else`, async () => {
      const { base, head } = await fixturePair(rule.id);
      const changes = specChanges(base, head);
      expect(changes.map((c) => c.rule.id)).toEqual([rule.id]);
      expect(changes[0]?.rule.kind).toBe(rule.kind);
      expect(changes[0]?.operation).toMatch(/^(sale|void)$/);
    });
  }

  it("reports nothing for the same spec", async () => {
    const { base } = await fixturePair("request-field-now-required");
    expect(specChanges(base, base)).toEqual([]);
  });

  it("names the operation and the field in the list, breaking changes first", async () => {
    const { base, head } = await fixturePair("request-constraint-narrowed");
    const added = await fixturePair("request-field-added-optional");
    const changes = [...specChanges(added.base, added.head), ...specChanges(base, head)];
    expect(changeList(changes)).toBe(
      "**Breaking** (1)\n\n- `sale`: request field amount: maxLength 10 → 8\n\n" +
        "**Additive** (1)\n\n- `sale`: request field currency added (optional)",
    );
  });

  it("reads a webhook's fields as a reply's, since the merchant reads them: a callback field removed breaks, one added does not", () => {
    const spec = (fields: Record<string, unknown>) => ({
      paths: {},
      webhooks: {
        serverCallback: {
          get: {
            operationId: "serverCallback",
            parameters: [{ name: "callback", in: "query", schema: { $ref: "#/components/schemas/CallbackParams" } }],
          },
        },
      },
      components: { schemas: { CallbackParams: { type: "object", required: ["status"], properties: fields } } },
    });
    const before = spec({ status: { type: "string" }, descriptor: { type: "string" } });
    const after = spec({ status: { type: "string" }, rrn: { type: "string" } });
    expect(specChanges(before, after).map((c) => `${c.rule.id} ${c.operation}: ${c.text}`)).toEqual([
      "reply-field-removed serverCallback: reply field descriptor removed",
      "reply-field-added serverCallback: reply field rrn added",
    ]);
  });

  it("follows $ref and allOf into component schemas", () => {
    const spec = (required: string[]) => ({
      paths: {
        "/sale": {
          post: {
            operationId: "sale",
            requestBody: { content: { form: { schema: { $ref: "#/components/schemas/Sale" } } } },
          },
        },
      },
      components: {
        schemas: {
          Sale: { allOf: [{ $ref: "#/components/schemas/Address" }], properties: { amount: { type: "string" } } },
          Address: { type: "object", required, properties: { city: { type: "string" } } },
        },
      },
    });
    expect(specChanges(spec([]), spec(["city"])).map((c) => `${c.rule.id}: ${c.text}`)).toEqual([
      "request-field-now-required: request field city: required false → true",
    ]);
  });
});
