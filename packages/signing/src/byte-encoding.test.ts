import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64, toHex } from "./byte-encoding.js";

describe("byte encodings", () => {
  it("writes base64 exactly as Node's Buffer does, for every length", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
        expect(toBase64(bytes.buffer as ArrayBuffer)).toBe(Buffer.from(bytes).toString("base64"));
        expect(fromBase64(toBase64(bytes))).toEqual(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it("writes lowercase hex", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(toHex(bytes)).toBe(Buffer.from(bytes).toString("hex"));
      }),
    );
  });
});
