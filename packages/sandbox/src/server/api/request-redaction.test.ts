import { describe, expect, it } from "vitest";
import { redactedFields } from "./request-redaction.js";

describe("redactedFields", () => {
  it("keeps first six and last four digits of card numbers and drops CVV and control", () => {
    const kept = redactedFields({
      credit_card_number: "4111111111111111",
      "destination-card-no": "5555555555554444",
      cvv2: "123",
      control: "0a1b2c",
      amount: "10.42",
      client_orderid: "<script>x</script>",
    });
    expect(kept).toEqual({
      credit_card_number: "411111******1111",
      "destination-card-no": "555555******4444",
      amount: "10.42",
      client_orderid: "<script>x</script>",
    });
    expect(JSON.stringify(kept)).not.toMatch(/4111111111111111|5555555555554444|123"|0a1b2c/);
  });

  it("drops one-time codes and passwords of the ACS page", () => {
    expect(redactedFields({ otp: "123456", password: "hunter2", transStatus: "Y" })).toEqual({ transStatus: "Y" });
  });

  it("masks a card number sent in a field not meant for it", () => {
    expect(redactedFields({ order_desc: "4111 1111 1111 1111" })).toEqual({ order_desc: "411111******1111" });
  });

  it("masks a card number inside free text, in dashes or spaces, and in a field's name", () => {
    expect(
      redactedFields({
        order_desc: "card 5555-5555-5555-4444",
        comment: "pay with 4111 1111 1111 1111 please",
        "note 4111111111111111": "x",
      }),
    ).toEqual({
      order_desc: "card 555555******4444",
      comment: "pay with 411111******1111 please",
      "note 411111******1111": "x",
    });
  });

  it("masks a 13-digit card number that fills a name or value exactly", () => {
    expect(redactedFields({ order_desc: "4222222222222", "4222222222222": "x" })).toEqual({
      order_desc: "422222***2222",
      "422222***2222": "x",
    });
  });

  it("leaves short numbers such as order ids and phone numbers alone", () => {
    expect(redactedFields({ orderid: "1000001", phone: "+12063582043" })).toEqual({
      orderid: "1000001",
      phone: "+12063582043",
    });
  });

  it("shows nothing of a card-number field too short to be a card number", () => {
    expect(redactedFields({ credit_card_number: "4111" })).toEqual({ credit_card_number: "****" });
  });
});
