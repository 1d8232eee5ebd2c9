import { describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { serializeFormBody } from "./form-body.js";

describe("serializeFormBody", () => {
  it("writes numbers as exact decimals, never in exponent notation", () => {
    const text = serializeFormBody({ a: 10.42, b: 1e21, c: 1.5e-7, d: 0, e: -0, f: 19.99 });
    expect(text).toBe("a=10.42&b=1000000000000000000000&c=0.00000015&d=0&e=0&f=19.99");
  });

  it("writes booleans as true/false and leaves undefined and null out", () => {
    expect(
      serializeFormBody({ deposit2card: true, recurring: false, state: undefined, ssn: null, city: "Seattle" }),
    ).toBe("deposit2card=true&recurring=false&city=Seattle");
  });

  it("percent-encodes strings the form way", () => {
    expect(serializeFormBody({ order_desc: "2 items & more", email: "a+b@example.com" })).toBe(
      "order_desc=2+items+%26+more&email=a%2Bb%40example.com",
    );
  });

  it("refuses a nested object and names the field", () => {
    expect(() => serializeFormBody({ customer: { name: "x" } })).toThrow(UsageError);
    expect(() => serializeFormBody({ customer: { name: "x" } })).toThrow(
      /^customer: expected a string, a finite number or a boolean, not an object$/,
    );
  });

  it("refuses an array and names the field", () => {
    try {
      serializeFormBody({ items: ["a", "b"] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).field).toBe("items");
      expect((error as UsageError).code).toBe("ERR_FIELD_INVALID");
      expect((error as UsageError).message).toMatch(/an array/);
    }
  });

  it("refuses non-finite numbers", () => {
    expect(() => serializeFormBody({ amount: Number.NaN })).toThrow(
      /^amount: expected a string, a finite number or a boolean, not NaN$/,
    );
    expect(() => serializeFormBody({ amount: Infinity })).toThrow(UsageError);
  });
});
