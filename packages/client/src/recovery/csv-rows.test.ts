import { describe, expect, it } from "vitest";
import { csvRows } from "./csv-rows.js";

describe("csvRows", () => {
  it("reads rows keyed by the header, with quoted commas, doubled quotes and CRLF", () => {
    const text = 'id,name,amount\r\n1,"Smith, John",10.42\r\n2,"say ""hi""",3.00\r\n';
    expect(csvRows(text)).toEqual([
      { id: "1", name: "Smith, John", amount: "10.42" },
      { id: "2", name: 'say "hi"', amount: "3.00" },
    ]);
  });

  it("reads a header alone as no rows and skips blank lines", () => {
    expect(csvRows("id,type\n")).toEqual([]);
    expect(csvRows("id,type\n\n1,sale\n\n")).toEqual([{ id: "1", type: "sale" }]);
  });

  it("refuses an unterminated quote or a row of another width", () => {
    expect(csvRows('id,type\n1,"sale\n')).toBeUndefined();
    expect(csvRows("id,type\n1,sale,extra\n")).toBeUndefined();
  });
});
