import { checkedFieldPatterns, type OperationEntry, operationTable } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { checkBody } from "./body-rules.js";
import { SigningError } from "./signing-error.js";

const saleForm = operationTable["/api/v2/sale-form/{endpointId}"];
const sale: OperationEntry = operationTable["/api/v2/sale/{endpointId}"];

const formBody = {
  client_orderid: "902B4FF5",
  order_desc: "Order 902B4FF5",
  amount: "10.42",
  currency: "USD",
  address1: "100 Main st",
  city: "Seattle",
  zip_code: "98102",
  country: "US",
  phone: "+12063582043",
  ipaddress: "65.153.12.232",
  email: "john.smith@gmail.com",
  redirect_url: "https://shop.example.com/return",
};

function errorOf(run: () => void): SigningError {
  try {
    run();
  } catch (error) {
    if (error instanceof SigningError) return error;
    throw error;
  }
  throw new Error("expected a SigningError");
}

describe("checkBody's rules read from the spec", () => {
  it.each(["US", "CA", "AU"])("requires state when country is %s (StateWhereRequired)", (country) => {
    const error = errorOf(() => checkBody(saleForm, { ...formBody, country }));
    expect(error.code).toBe("ERR_FIELD_MISSING");
    expect(error.field).toBe("state");
    expect(error.message).toBe(`saleForm: state: required when country is ${country}`);
    expect(() => checkBody(saleForm, { ...formBody, country, state: "WA" })).not.toThrow();
  });

  it("does not require state elsewhere", () => {
    expect(() => checkBody(saleForm, { ...formBody, country: "DE" })).not.toThrow();
  });

  it("refuses a currency or country that is not in capitals, without repeating the value", () => {
    const currency = errorOf(() => checkBody(saleForm, { ...formBody, state: "WA", currency: "usd" }));
    expect(currency).toMatchObject({ code: "ERR_FIELD_INVALID", field: "currency" });
    expect(currency.message).toBe(
      "saleForm: currency: expected ISO 4217 alphabetic currency code, three capital letters (^[A-Z]{3}$)",
    );
    const country = errorOf(() => checkBody(saleForm, { ...formBody, country: "us" }));
    expect(country).toMatchObject({ code: "ERR_FIELD_INVALID", field: "country" });
    expect(country.message).not.toContain('"us"');
  });

  it("checks the operations whose body has no such rule as before", () => {
    expect(sale.conditionalFields).toBeUndefined();
    expect(Object.keys(checkedFieldPatterns).sort()).toEqual(["country", "currency"]);
  });
});
