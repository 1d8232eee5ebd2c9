import { describe, expect, it } from "vitest";
import { labelLines, labelWidth } from "./label-lines.ts";

describe("labelLines", () => {
  it("keeps a label that fits on one line", () => {
    expect(labelLines("sale & control", 200)).toEqual(["sale & control"]);
  });

  it("breaks a longer label between words, each line within the width", () => {
    const lines = labelLines("POST /api/v2/sale with the control digest and the order's fields", 150);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe("POST /api/v2/sale with the control digest and the order's fields");
    for (const line of lines.filter((l) => l.includes(" "))) expect(labelWidth(line)).toBeLessThanOrEqual(150);
  });

  it("gives a word wider than the room a line of its own, whole", () => {
    expect(labelLines("a verylongwordthatcannotbreak b", 60)).toEqual(["a", "verylongwordthatcannotbreak", "b"]);
  });
});
