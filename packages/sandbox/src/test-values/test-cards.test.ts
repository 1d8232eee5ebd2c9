import { describe, expect, it } from "vitest";
import {
  encodeAuthenticationResponse,
  resultOfTransStatus,
  transStatusOf,
} from "../engine/decisions/three-ds-result.js";
import { decimalOf, minorOf } from "../engine/values/money.js";
import { payoutTestValueLines } from "./payout-test-value-lines.js";
import { testBankAccounts, testCardsWithoutCvv2 } from "./payout-test-values.js";
import { behaviourOf, cardBrand, passesLuhn, testCards } from "./test-cards.js";

describe("test cards", () => {
  it("are all valid card numbers by the Luhn check", () => {
    for (const number of Object.keys(testCards)) expect(passesLuhn(number), number).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
  });
  it("map to the documented outcomes, any other valid card approving", () => {
    expect(behaviourOf("4000000000000002").outcome).toBe("declined");
    expect(behaviourOf("4000000000000119").outcome).toBe("error");
    expect(behaviourOf("4000000000003220").threeDSecure).toBe("2.x-challenge");
    expect(behaviourOf("4000000000003063").threeDSecure).toBe("1.0.2");
    expect(behaviourOf("4242424242424242")).toMatchObject({ outcome: "approved", threeDSecure: "none" });
    expect(cardBrand("5555555555554444")).toBe("MASTERCARD");
  });
  it("let the CVV2 decide for any card but the declining, failing and 3-D Secure test cards", () => {
    expect(behaviourOf("4111111111111111", "116")).toMatchObject({
      outcome: "declined",
      errorMessage: "Insufficient funds",
    });
    expect(behaviourOf("4242424242424242", "321")).toMatchObject({
      threeDSecure: "2.x-challenge",
      threeDSecurePassword: "hint",
    });
    expect(behaviourOf("4242424242424242", "555").outcome).toBe("declined");
    expect(behaviourOf("4242424242424242", "1234").outcome).toBe("approved");
    expect(behaviourOf("4000000000000119", "123").outcome).toBe("error");
    expect(behaviourOf("4000000000003063", "116").threeDSecure).toBe("1.0.2");
  });
});

describe("payout test values", () => {
  it("decide a card only when it is used without a CVV2, and are valid card numbers", () => {
    for (const number of Object.keys(testCardsWithoutCvv2)) {
      expect(passesLuhn(number), number).toBe(true);
      expect(behaviourOf(number, "123").outcome).toBe("approved");
      expect(behaviourOf(number).outcome).not.toBe("approved");
    }
  });
  it("are printed, each with its outcome, by payoutTestValueLines", () => {
    const text = payoutTestValueLines().join("\n");
    for (const value of [...Object.keys(testCardsWithoutCvv2), ...Object.keys(testBankAccounts)])
      expect(text).toContain(value);
    expect(text).toContain("4000000000102170 stays unknown");
    expect(text).toContain("0000000014 declined (Invalid account number)");
  });
});

describe("money", () => {
  it("converts between decimals and minor units by the currency's exponent", () => {
    expect(minorOf("19.99", "USD")).toBe(1999n);
    expect(decimalOf(1999n, "USD")).toBe("19.99");
    expect(decimalOf(5n, "USD")).toBe("0.05");
    expect(decimalOf(1500n, "JPY")).toBe("1500");
    expect(decimalOf(1234n, "KWD")).toBe("1.234");
  });
});

describe("sandbox CRes and PaRes", () => {
  it("round-trip transStatus and map it to the authentication result", () => {
    expect(transStatusOf(encodeAuthenticationResponse("Y", "1"))).toBe("Y");
    expect(transStatusOf(Buffer.from('{"transStatus":"N"}').toString("base64"))).toBe("N");
    expect(transStatusOf("not base64 json")).toBeUndefined();
    expect(resultOfTransStatus("Y")).toBe("AUTHENTICATED");
    expect(resultOfTransStatus("N")).toBe("NOT_AUTHENTICATED");
    expect(resultOfTransStatus("U")).toBe("UNKNOWN");
  });
});
