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
