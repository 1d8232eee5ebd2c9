import { describe, expect, it } from "vitest";
import { typeLiteral } from "./type-literal.ts";

describe("typeLiteral", () => {
  it("writes the `as const` type of nested objects, tuples and literals, in key order", () => {
    expect(typeLiteral({ "/api/v2/void": { id: "void", terms: ["login", "orderid"], empty: [], n: 2, money: true } })).toBe(
      [
        "{",
        '  readonly "/api/v2/void": {',
        '    readonly id: "void";',
        '    readonly terms: readonly ["login", "orderid"];',
        "    readonly empty: readonly [];",
        "    readonly n: 2;",
        "    readonly money: true;",
        "  };",
        "}",
      ].join("\n"),
    );
  });

  it("escapes strings as TypeScript reads them", () => {
    expect(typeLiteral({ 'a"b': 'c\\d' })).toBe('{\n  readonly "a\\"b": "c\\\\d";\n}');
  });

  it("refuses values that have no literal type", () => {
    expect(() => typeLiteral({ id: undefined })).toThrow("No literal type for undefined");
    expect(() => typeLiteral(new Date(0))).toThrow("No literal type");
  });
});
