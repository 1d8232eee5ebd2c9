import { describe, expect, it } from "vitest";
import { maskCardNumber, maskCardNumbersInCause, maskCardNumbersInText } from "./card-number-mask.js";

describe("maskCardNumbersInText", () => {
  it("masks a card number glued to other text to its first six and last four digits", () => {
    expect(maskCardNumbersInText("order-4111111111111111")).toBe("order-411111******1111");
    expect(maskCardNumbersInText("pan=5555555555554444&x=1")).toBe("pan=555555******4444&x=1");
    expect(maskCardNumbersInText("4000056655665556 refused")).toBe("400005******5556 refused");
  });

  it("masks a card number written in groups, inside a longer run of groups", () => {
    expect(maskCardNumbersInText("card 4111 1111 1111 1111 expired")).toBe("card 411111******1111 expired");
    expect(maskCardNumbersInText("ref 1234 4111-1111-1111-1111")).toBe("ref 1234 411111******1111");
    expect(maskCardNumbersInText("4111111111111111-2024")).toBe("411111******1111-2024");
    expect(maskCardNumbersInText("a 4111111111111111 b 5555555555554444")).toBe(
      "a 411111******1111 b 555555******4444",
    );
  });

  it("masks 13 and 19 digit numbers and leaves other digit runs alone", () => {
    expect(maskCardNumbersInText("4222222222222")).toBe("422222***2222");
    expect(maskCardNumbersInText("6011000990139424116")).toBe("601100*********4116");
    // Not Luhn-valid, too short, too long: not card numbers.
    expect(maskCardNumbersInText("order 1234567890123 failed")).toBe("order 1234567890123 failed");
    expect(maskCardNumbersInText("4111111111111112")).toBe("4111111111111112");
    expect(maskCardNumbersInText("411111111111")).toBe("411111111111");
    expect(maskCardNumbersInText("00004111111111111111")).toBe("00004111111111111111");
    expect(maskCardNumbersInText("amount 10.42 USD, 2026-01-01")).toBe("amount 10.42 USD, 2026-01-01");
  });

  it("masks a card number in dashes inside free text, and returns a text with under 13 digits as it is", () => {
    expect(maskCardNumbersInText("card 5555-5555-5555-4444")).toBe("card 555555******4444");
    const short = "order 123456789012, 10.42 USD";
    expect(maskCardNumbersInText(short)).toBe(short);
  });

  it("leaves a serial number of zeros alone: no card number starts with 0", () => {
    const serial = "00000000-0000-0000-0000-0000026f8e3a";
    expect(maskCardNumbersInText(serial)).toBe(serial);
    expect(maskCardNumbersInText("0000000000000000")).toBe("0000000000000000");
  });

  it("masks a whole value that is not a card number entirely", () => {
    expect(maskCardNumber("5555 5555 5555 4444")).toBe("555555******4444");
    expect(maskCardNumber("12345")).toBe("*****");
  });
});

describe("maskCardNumbersInText, given a card number spelled to slip past a mask", () => {
  it.each([
    ["dots", "card 5555.5555.5555.4444 ok", "card 555555******4444 ok"],
    ["two spaces", "card 5555  5555  5555  4444 ok", "card 555555******4444 ok"],
    ["tabs", "card 5555\t5555\t5555\t4444 ok", "card 555555******4444 ok"],
    ["non-breaking spaces", "card 5555\u00a05555\u00a05555\u00a04444 ok", "card 555555******4444 ok"],
    ["narrow no-break and ideographic spaces", "5555\u202f5555\u30005555\u202f4444", "555555******4444"],
    ["zero-width spaces", "5555\u200b5555\u200b5555\u200b4444", "555555******4444"],
    [
      "fullwidth digits",
      "card \uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff14\uff14\uff14\uff14",
      "card 555555******4444",
    ],
    [
      "fullwidth digits and dots",
      "\uff15\uff15\uff15\uff15\uff0e\uff15\uff15\uff15\uff15\uff0e\uff15\uff15\uff15\uff15\uff0e\uff14\uff14\uff14\uff14",
      "555555******4444",
    ],
    ["%20 in a query", "/return?pan=5555%205555%205555%204444&step=2", "/return?pan=555555******4444&step=2"],
    ["+ in a query", "/return?pan=5555+5555+5555+4444", "/return?pan=555555******4444"],
    ["encoded NBSP in a query", "?pan=5555%C2%A05555%C2%A05555%C2%A04444", "?pan=555555******4444"],
    ["percent-encoded digits", "?pan=%35%35%35%35%35%35%35%35%35%35%35%35%34%34%34%34", "?pan=555555******4444"],
    ["slashes and mixed separators", "4111/1111 - 1111.1111", "411111******1111"],
    ["an Amex in 4-6-5 groups", "amex 3782 822463 10005", "amex 378282*****0005"],
  ])("masks one written with %s", (_, text, masked) => {
    expect(maskCardNumbersInText(text)).toBe(masked);
  });

  it("leaves order ids, amounts, dates, times, IP addresses and numbers failing Luhn alone", () => {
    for (const text of [
      "order 1234567890123 failed",
      "amount 10.42 USD, 1,234,567.89 EUR",
      "2026-01-01 12:00:00.123 and 2026.01.01T12:00",
      "from 192.168.100.200 and 10.0.0.1",
      "ref 4111.1111.1111.1112",
      "phone +1 206 358 2043, +44 20 7946 0958",
      "ids 12, 34, 56, 78, 90, 12, 34, 56",
      "00000000-0000-0000-0000-0000026f8e3a",
    ]) {
      expect(maskCardNumbersInText(text)).toBe(text);
    }
  });

  it("masks a card field's value however its digits are spaced or written", () => {
    expect(maskCardNumber("5555.5555.5555.4444")).toBe("555555******4444");
    expect(
      maskCardNumber(
        "\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff14\uff14\uff14\uff14",
      ),
    ).toBe("555555******4444");
    expect(maskCardNumber("5555\u00a05555\u00a05555\u00a04444")).toBe("555555******4444");
  });
});

describe("maskCardNumbersInCause", () => {
  it("keeps a cause without a card number as it is", () => {
    const cause = new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
    expect(maskCardNumbersInCause(cause)).toBe(cause);
    expect(maskCardNumbersInCause(42)).toBe(42);
  });

  it("copies an error that holds one, masked in its message, stack, string fields and own cause", () => {
    const inner = Object.assign(new Error("socket at /pay?pan=4111111111111111"), { code: "ECONNRESET" });
    const cause = Object.assign(new SyntaxError(`Unexpected token in "4111111111111111x"`, { cause: inner }), {
      input: "4111111111111111x",
      position: 16,
    });
    const masked = maskCardNumbersInCause(cause) as Error & { input: string; position: number };
    expect(masked).not.toBe(cause);
    expect(masked.name).toBe("SyntaxError");
    expect(masked.message).toBe(`Unexpected token in "411111******1111x"`);
    expect(masked.stack).toContain(`SyntaxError: Unexpected token in "411111******1111x"`);
    expect(masked.stack).not.toContain("4111111111111111");
    expect(masked).toMatchObject({ input: "411111******1111x", position: 16 });
    expect(masked.cause).toMatchObject({ message: "socket at /pay?pan=411111******1111", code: "ECONNRESET" });
    expect(maskCardNumbersInCause("pan 4111111111111111")).toBe("pan 411111******1111");
  });
});
