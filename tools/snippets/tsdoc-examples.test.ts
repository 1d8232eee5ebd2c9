import { describe, expect, it } from "vitest";
import { tsdocExamples } from "./tsdoc-examples.ts";

describe("tsdocExamples", () => {
  it("returns the ts block of each @example without the comment's stars, reading an escaped comment end", () => {
    const source = [
      "/**",
      " * One sentence.",
      " *",
      " * @throws {Error} never.",
      " * @example",
      " * ```ts",
      ' * import { a } from "pkg";',
      " * a(/* note *\\/);",
      " * ```",
      " */",
      "export function a(): void {}",
      "/** No example here. */",
      "export const b = 1;",
      "/**",
      " * @example",
      " * ```ts",
      " * const c = 2;",
      " *",
      " * c;",
      " * ```",
      " */",
    ].join("\n");
    expect(tsdocExamples(source)).toEqual(['import { a } from "pkg";\na(/* note */);\n', "const c = 2;\n\nc;\n"]);
  });

  it("ignores a fenced block outside an @example, and a block after the next tag", () => {
    expect(tsdocExamples("/**\n * Text.\n * ```ts\n * x;\n * ```\n */")).toEqual([]);
    expect(tsdocExamples("/**\n * @example\n * @see other\n * ```ts\n * x;\n * ```\n */")).toEqual([]);
  });

  it("reads two @example tags of one comment", () => {
    const source = "/**\n * @example\n * ```ts\n * one;\n * ```\n * @example\n * ```ts\n * two;\n * ```\n */";
    expect(tsdocExamples(source)).toEqual(["one;\n", "two;\n"]);
  });
});
