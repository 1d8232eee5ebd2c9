import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { CardProcessingError, isCardProcessingError } from "./card-processing-error.js";
import { toMinorUnits } from "./minor-units.js";
import { SigningError } from "./signing-error.js";

describe("CardProcessingError", () => {
  it("carries outcome on every error of the family: not-applied for a SigningError", () => {
    const error = (() => {
      try {
        toMinorUnits("10.421", "USD");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SigningError);
    expect(isCardProcessingError(error) && error.outcome).toBe("not-applied");
    expect(new CardProcessingError("ERR_X", "x").outcome).toBe("not-applied");
    expect(new CardProcessingError("ERR_X", "x", { outcome: "unknown" }).outcome).toBe("unknown");
  });

  it("masks a card number in its message, its stack and its cause as it is made", () => {
    const cause = new Error("upstream said 4111111111111111");
    const error = new SigningError("ERR_BODY_INVALID", "order-4111111111111111: bad", { field: "x", cause });
    expect(error.message).toBe("order-411111******1111: bad");
    for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })]) {
      expect(text).not.toContain("4111111111111111");
      expect(text).not.toContain("111111111111");
    }
    expect((error.cause as Error).message).toBe("upstream said 411111******1111");
  });
});
