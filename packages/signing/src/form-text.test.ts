import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FormFields, formDecode, rawPairs, replacePair } from "./form-text.js";

const pairs = fc.array(fc.tuple(fc.constantFrom("a", "b", "ab", "control", "login", "e-mail", "x y", ""), fc.string({ unit: "grapheme", maxLength: 8 })), { maxLength: 8 });

describe("form text", () => {
  it("reads fields as URLSearchParams does", () => {
    fc.assert(
      fc.property(pairs, (list) => {
        const text = new URLSearchParams(list).toString();
        const fields = new FormFields(text);
        const reference = new URLSearchParams(text);
        for (const name of ["a", "b", "ab", "control", "login", "e-mail", "x y", "", "absent"]) {
          expect(fields.get(name)).toBe(reference.get(name));
          expect(fields.has(name)).toBe(reference.has(name));
        }
      }),
    );
  });

  it("replaces every pair of a name and appends the new one", () => {
    fc.assert(
      fc.property(pairs, (list) => {
        const text = new URLSearchParams(list).toString();
        const replaced = new URLSearchParams(replacePair(text, "control", "abc"));
        expect(replaced.getAll("control")).toEqual(["abc"]);
        const others = (params: URLSearchParams) => [...params].filter(([name]) => name !== "control");
        expect(others(replaced)).toEqual(others(new URLSearchParams(text)));
      }),
    );
  });

  it("reads hand-written text with bare names, empty pairs and escaped names", () => {
    for (const text of ["a&b=1", "b=1&a", "ab=1&a=2", "a=1&&a=2", "%61=1&a=2", "x+y=1&b=2", "=1&b=", "b"]) {
      const fields = new FormFields(text);
      const reference = new URLSearchParams(text);
      for (const name of ["a", "b", "x y", "", "ab"]) expect(fields.get(name), `${text} ${name}`).toBe(reference.get(name));
    }
  });

  it("keeps a stray percent sign and skips empty pairs", () => {
    expect(formDecode("100%")).toBe("100%");
    expect(formDecode("a+b%21")).toBe("a b!");
    expect(rawPairs("a=1&&b&c=")).toEqual([["a", "1"], ["b", ""], ["c", ""]]);
  });
});
