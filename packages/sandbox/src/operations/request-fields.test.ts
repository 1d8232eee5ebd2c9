import { operationTable } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import type { OperationContext } from "./operation-context.js";
import { Refused } from "./replies.js";
import { cardOf, clientOrderIdOf, field, minorOfField, moneyOf, moneyOrZero, storeCard } from "./request-fields.js";

function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("field", () => {
  it("reads a field by its snake_case name or its kebab-case spelling, the snake_case one first", () => {
    expect(field({ client_orderid: "a" }, "client_orderid")).toBe("a");
    expect(field({ "client-orderid": "b" }, "client_orderid")).toBe("b");
    expect(field({ "client-orderid": "b", client_orderid: "a" }, "client_orderid")).toBe("a");
    expect(field({}, "client_orderid")).toBeUndefined();
  });

  it("reads only the request's own fields, never inherited object properties", () => {
    expect(field({}, "constructor")).toBeUndefined();
    expect(field({}, "to_string")).toBeUndefined();
  });
});

describe("clientOrderIdOf", () => {
  it("reads the order id under the field the spec names for the operation, and refuses it missing", () => {
    const v4 = operationTable["/api/v4/payout/{endpointId}"];
    expect(clientOrderIdOf({ entry: v4, fields: { "client-order-id": "shop-9" } })).toBe("shop-9");
    expect(refusalOf(() => clientOrderIdOf({ entry: v4, fields: { client_orderid: "shop-9" } }))).toBe(
      "missing required field 'client-order-id'",
    );
    expect(
      refusalOf(() =>
        clientOrderIdOf({ entry: operationTable["/api/v2/sale/{endpointId}"], fields: { client_orderid: "" } }),
      ),
    ).toBe("missing required field 'client_orderid'");
  });
});

describe("moneyOf and minorOfField", () => {
  it("turn the amount into minor units by the currency's exponent", () => {
    expect(moneyOf({ amount: "10.42", currency: "USD" })).toEqual({ amount: "10.42", currency: "USD", minor: 1042n });
    expect(moneyOf({ amount: "1000", currency: "JPY" }).minor).toBe(1000n);
    expect(minorOfField("1.005", "KWD")).toBe(1005n);
  });

  it("refuse a missing amount, more decimals than the currency has, and an unknown currency, naming the field", () => {
    expect(refusalOf(() => moneyOf({ currency: "USD" }))).toBe("missing required field 'amount' or 'currency'");
    expect(refusalOf(() => minorOfField("10.425", "USD"))).toBe("field 'amount' has more decimals than USD allows");
    expect(refusalOf(() => minorOfField("10.00", "XXY"))).toBe(
      "field 'currency': XXY is not an ISO 4217 currency the sandbox knows",
    );
  });

  it("count no money for an account verification", () => {
    const context = { fields: { currency: "EUR", amount: "5.00" } } as unknown as OperationContext;
    expect(moneyOrZero(context, "account-verification")).toEqual({ amount: "0", currency: "EUR", minor: 0n });
    expect(moneyOrZero(context, "sale")).toEqual({ amount: "5.00", currency: "EUR", minor: 500n });
  });
});

describe("storeCard and cardOf", () => {
  it("keep the BIN, the last four, the brand and the details, never the full number or the CVV2", () => {
    const card = storeCard({
      credit_card_number: "4111111111111111",
      card_printed_name: "A B",
      expire_month: "12",
      expire_year: "2030",
      cvv2: "116",
    });
    expect(card).toEqual({
      bin: "411111",
      lastFour: "1111",
      brand: "VISA",
      printedName: "A B",
      expireMonth: "12",
      expireYear: "2030",
      behaviour: expect.objectContaining({ outcome: "declined", errorCode: 51 }),
      // What the stored card does when later used without a CVV2 (a rebill, a payout to it): the number decides.
      behaviourWithoutCvv2: expect.objectContaining({ outcome: "approved" }),
    });
    expect(JSON.stringify(card)).not.toContain("4111111111111111");
    expect(JSON.stringify(card)).not.toContain('"116"');
  });

  it("refuse a number that fails the Luhn check or is not 12 to 19 digits, naming the field", () => {
    const details = { printedName: "", expireMonth: "", expireYear: "" };
    expect(refusalOf(() => cardOf("4111111111111112", "destination-card-no", details))).toBe(
      "field 'destination-card-no' is not a valid card number (Luhn check failed)",
    );
    expect(refusalOf(() => cardOf("4111 1111 1111 1111", "credit_card_number", details))).toMatch(
      /^field 'credit_card_number' is not a valid card number/,
    );
    expect(refusalOf(() => cardOf("00", "credit_card_number", details))).toMatch(/^field 'credit_card_number'/);
    expect(refusalOf(() => storeCard({}))).toBe("missing required field 'credit_card_number'");
  });
});
