import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refPercentEncode } from "../test/node-reference.js";
import { percentEncode } from "./percent-encode.js";

// Built once, as the file loads: the first `fc.string` over a unit has fast-check split its list
// of dangerous strings ("__proto__", "constructor"...) into that unit's characters, seconds of CPU
// for "binary" on a loaded machine, which the first property's 5 s would otherwise pay. Cached
// per unit arbitrary, it is paid once for both properties.
const anyString = fc.string({ unit: "binary" });

describe("percentEncode", () => {
  it.each([
    ["abcXYZ019-._~", "abcXYZ019-._~"],
    ["Ladies + Gentlemen", "Ladies%20%2B%20Gentlemen"],
    ["An encoded string!", "An%20encoded%20string%21"],
    ["Dogs, Cats & Mice", "Dogs%2C%20Cats%20%26%20Mice"],
    ["☃", "%E2%98%83"],
    ["*'()", "%2A%27%28%29"],
    ["a=b/c", "a%3Db%2Fc"],
    ["", ""],
  ])("encodes %j as %j", (input, output) => {
    expect(percentEncode(input)).toBe(output);
  });

  it("agrees with a byte-wise RFC 3986 encoder on any Unicode string (property)", () => {
    fc.assert(
      fc.property(anyString, (value) => {
        expect(percentEncode(value)).toBe(refPercentEncode(value));
      }),
      { numRuns: 500 },
    );
  });

  it("leaves only unreserved characters and %XX with uppercase hex, and decodes back (property)", () => {
    fc.assert(
      fc.property(anyString, (value) => {
        const encoded = percentEncode(value);
        expect(encoded).toMatch(/^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/);
        expect(decodeURIComponent(encoded)).toBe(value);
      }),
    );
  });

  it("refuses a lone surrogate with ERR_BODY_INVALID", () => {
    expect(() => percentEncode("a\uD800b")).toThrow(expect.objectContaining({ code: "ERR_BODY_INVALID" }));
  });
});
