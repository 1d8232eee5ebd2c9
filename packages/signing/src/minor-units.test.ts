import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refMinorUnits } from "../test/node-reference.js";
import { currencyExponent } from "./currency-exponents.js";
import { minorUnitsOf, toMinorUnits } from "./minor-units.js";
import { SigningError } from "./signing-error.js";

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof SigningError ? error.code : "not a SigningError";
  }
  return undefined;
};

describe("currencyExponent", () => {
  it.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["XOF", 0],
    ["KWD", 3],
    ["BHD", 3],
    ["TND", 3],
    ["CLF", 4],
    ["UYW", 4],
    ["usd", 2],
  ])("gives %s an exponent of %i", (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });

  it("knows every active ISO 4217 code with a minor unit, and no other", () => {
    // The list maintained by SIX, by exponent; currency-exponents.ts holds it in compact form.
    const byExponent: Record<number, string> = {
      2:
        "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
        "CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL " +
        "GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD " +
        "LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN " +
        "PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB " +
        "TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG",
      0: "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF",
      3: "BHD IQD JOD KWD LYD OMR TND",
      4: "CLF UYW",
    };
    const listed = new Set<string>();
    for (const [exponent, codes] of Object.entries(byExponent)) {
      for (const code of codes.split(" ")) {
        listed.add(code);
        expect(currencyExponent(code), code).toBe(Number(exponent));
      }
    }
    expect(listed.size).toBe(167);
    // Every other three-letter code is refused.
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let known = 0;
    for (const a of letters)
      for (const b of letters)
        for (const c of letters) if (codeOf(() => currencyExponent(a + b + c)) === undefined) known++;
    expect(known).toBe(listed.size);
  });

  it("refuses a code outside ISO 4217 with ERR_CURRENCY_UNKNOWN", () => {
    expect(codeOf(() => currencyExponent("XXX"))).toBe("ERR_CURRENCY_UNKNOWN");
    expect(codeOf(() => currencyExponent("US"))).toBe("ERR_CURRENCY_UNKNOWN");
  });
});

describe("toMinorUnits", () => {
  it.each([
    ["10.42", "USD", "1042"],
    ["0.99", "USD", "99"],
    ["10.4", "USD", "1040"],
    ["10", "USD", "1000"],
    ["0", "USD", "0"],
    ["0.00", "EUR", "0"],
    ["007.05", "USD", "705"],
    ["5", "JPY", "5"],
    ["1.5", "KWD", "1500"],
    ["1.234", "BHD", "1234"],
    ["2.0001", "CLF", "20001"],
    ["123456789012345678901234567890.12", "USD", "12345678901234567890123456789012"],
  ])("turns %s %s into %s", (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it("converts numbers through their exact decimal form, not by multiplying", () => {
    expect(19.99 * 100).not.toBe(1999);
    expect(toMinorUnits(19.99, "USD")).toBe("1999");
    expect(toMinorUnits(0.3, "USD")).toBe("30");
    expect(toMinorUnits(1050, "JPY")).toBe("1050");
    expect(toMinorUnits(-0, "USD")).toBe("0");
  });

  it.each([
    ["10.421", "USD"],
    ["10.420", "USD"],
    ["1.5", "JPY"],
    ["1.0", "JPY"],
    ["1.2345", "KWD"],
    ["-1.00", "USD"],
    ["1e3", "USD"],
    ["10,42", "USD"],
    [" 10.42", "USD"],
    ["+10", "USD"],
    [".5", "USD"],
    ["5.", "USD"],
    ["", "USD"],
    ["0x10", "USD"],
  ])("refuses %j %s with ERR_AMOUNT_INVALID", (amount, currency) => {
    expect(codeOf(() => toMinorUnits(amount, currency))).toBe("ERR_AMOUNT_INVALID");
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, 1e21, 1e-7, 0.001])("refuses the number %d for USD", (amount) => {
    expect(codeOf(() => toMinorUnits(amount, "USD"))).toBe("ERR_AMOUNT_INVALID");
  });

  it("names the field and the rule, and says the currency's limit", () => {
    try {
      toMinorUnits("10.421", "USD");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SigningError);
      expect((error as SigningError).field).toBe("amount");
      expect((error as SigningError).message).toMatch(/3 fraction digits; USD allows at most 2/);
    }
  });

  it("names the amount field it is given (minorUnitsOf, as the body rules call it)", () => {
    expect(() => minorUnitsOf("1.001", "USD", "fee_amount", "")).toThrow(
      expect.objectContaining({
        code: "ERR_AMOUNT_INVALID",
        field: "fee_amount",
        message: "fee_amount: has 3 fraction digits; USD allows at most 2",
      }),
    );
    expect(() => minorUnitsOf(Number.NaN, "USD", "fee_amount", "")).toThrow(
      expect.objectContaining({
        field: "fee_amount",
        message: "fee_amount: expected a plain non-negative decimal such as 10.42",
      }),
    );
  });

  it("refuses an unknown currency with ERR_CURRENCY_UNKNOWN", () => {
    expect(codeOf(() => toMinorUnits("1.00", "ABC"))).toBe("ERR_CURRENCY_UNKNOWN");
  });

  const currency = fc.constantFrom("USD", "EUR", "JPY", "KRW", "KWD", "BHD", "CLF", "UYW", "XOF");

  it("gives the digits without the point for every decimal within the exponent (property)", () => {
    fc.assert(
      fc.property(currency, fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.nat(), (code, whole, fractionSeed) => {
        const exponent = currencyExponent(code);
        const digits = fractionSeed % (exponent + 1);
        const fraction = digits === 0 ? "" : String(fractionSeed).padStart(digits, "0").slice(-digits);
        const amount = digits === 0 ? String(whole) : `${whole}.${fraction}`;
        const minor = toMinorUnits(amount, code);
        expect(minor).toBe(refMinorUnits(amount, exponent));
        // Read back: the minor units divided by 10^exponent are the amount.
        expect(BigInt(minor)).toBe(BigInt(`${whole}${fraction.padEnd(exponent, "0")}`));
      }),
    );
  });

  it("refuses, never rounds, any decimal with more fraction digits than the exponent (property)", () => {
    fc.assert(
      fc.property(currency, fc.nat({ max: 10 ** 9 }), fc.stringMatching(/^[0-9]{1,6}$/), (code, whole, extra) => {
        const exponent = currencyExponent(code);
        const fraction = "0".repeat(exponent) + extra;
        expect(codeOf(() => toMinorUnits(`${whole}.${fraction}`, code))).toBe("ERR_AMOUNT_INVALID");
      }),
    );
  });

  it("agrees with the decimal string for every number with at most 2 decimals (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (cents) => {
        const asNumber = cents / 100;
        expect(toMinorUnits(asNumber, "USD")).toBe(String(cents));
      }),
    );
  });
});
