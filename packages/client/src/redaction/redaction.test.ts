import { maskCardNumber, maskCardNumbersInText } from "@card-processing/signing";
import { describe, expect, it } from "vitest";
import { redactFields, redactHeaders } from "./redaction.js";

describe("redaction", () => {
  it("masks a card number to its first six and last four digits", () => {
    expect(maskCardNumber("4111111111111111")).toBe("411111******1111");
    expect(maskCardNumber("5555 5555 5555 4444")).toBe("555555******4444");
    expect(maskCardNumber("12345")).toBe("*****");
  });

  it("removes cvv2, control, keys and OAuth signatures and masks card number fields", () => {
    const out = redactFields(
      {
        credit_card_number: "4111111111111111",
        "destination-card-no": "5555555555554444",
        cvv2: "123",
        control: "c6bdd88a78834ef4b863b088827a459f039e8257",
        controlKey: "B17F59B4",
        oauth_signature: "abc",
        amount: "10.42",
      },
      { cardNumberFields: ["credit_card_number"], secretFields: ["cvv2", "control"] },
    );
    expect(out).toEqual({
      credit_card_number: "411111******1111",
      "destination-card-no": "555555******4444",
      amount: "10.42",
    });
  });

  it("masks card numbers inside free text but not other digit runs", () => {
    expect(maskCardNumbersInText("credit_card_number 4111111111111111 is invalid")).toBe(
      "credit_card_number 411111******1111 is invalid",
    );
    expect(maskCardNumbersInText("order 1234567890123 failed")).toBe("order 1234567890123 failed");
  });

  it("drops Authorization and cookies from headers", () => {
    const headers = new Headers({
      Authorization: "OAuth oauth_signature=x",
      Cookie: "a=b",
      Accept: "application/vnd.pay+json",
    });
    expect(redactHeaders(headers)).toEqual({ accept: "application/vnd.pay+json" });
  });
});
