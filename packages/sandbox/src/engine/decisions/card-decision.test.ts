import { describe, expect, it } from "vitest";
import type { TestCardBehaviour } from "../../test-values/test-card-behaviour.js";
import type { StoredCard } from "../orders/order.js";
import { orderFixture, preauthFixture } from "../orders/order-fixture.testlib.js";
import { captureOnSale, cardDecision, destinationDecision } from "./card-decision.js";

function card(behaviour: Partial<TestCardBehaviour>): StoredCard {
  return {
    bin: "400000",
    lastFour: "0002",
    brand: "VISA",
    printedName: "",
    expireMonth: "",
    expireYear: "",
    behaviour: { outcome: "approved", threeDSecure: "none", description: "test", ...behaviour },
  };
}

describe("cardDecision", () => {
  it("approves without a card or with an approving one", () => {
    expect(cardDecision(undefined)).toEqual({ status: "approved" });
    expect(cardDecision(card({}))).toEqual({ status: "approved" });
  });

  it("ends a declining, failing or unknown card in its status, with its own or the default error fields", () => {
    expect(cardDecision(card({ outcome: "declined", errorMessage: "Insufficient funds", errorCode: 51 }))).toEqual({
      status: "declined",
      errorMessage: "Insufficient funds",
      errorCode: 51,
    });
    expect(cardDecision(card({ outcome: "declined" }))).toEqual({
      status: "declined",
      errorMessage: "Declined by the issuer (sandbox test card)",
      errorCode: 100,
    });
    expect(cardDecision(card({ outcome: "error" }))).toEqual({
      status: "error",
      errorMessage: "Processing error (sandbox test card)",
      errorCode: 200,
    });
    expect(cardDecision(card({ outcome: "unknown" }))).toEqual({
      status: "unknown",
      errorMessage: "Status unknown",
      errorCode: 91,
    });
  });

  it("declines with 301 whatever the card when 3-D Secure did not authenticate", () => {
    const approving = card({ threeDSecure: "2.x-challenge" });
    expect(cardDecision(approving, { version: "2.x-challenge", stage: "done", result: "AUTHENTICATED" })).toEqual({
      status: "approved",
    });
    for (const result of ["NOT_AUTHENTICATED", "UNSUPPORTED", "UNKNOWN", undefined] as const) {
      expect(
        cardDecision(approving, { version: "1.0.2", stage: "done", ...(result === undefined ? {} : { result }) }),
      ).toEqual({
        status: "declined",
        errorMessage: "3-D Secure authentication failed",
        errorCode: 301,
      });
    }
  });
});

describe("destinationDecision", () => {
  it("lets the source card decide first, then the destination card", () => {
    const declined = card({ outcome: "declined", errorCode: 51 });
    const failing = card({ outcome: "error", errorCode: 200 });
    expect(destinationDecision(declined, failing).errorCode).toBe(51);
    expect(destinationDecision(card({}), failing).status).toBe("error");
    expect(destinationDecision(undefined, undefined)).toEqual({ status: "approved" });
  });
});

describe("captureOnSale", () => {
  it("captures the whole amount of a sale, and nothing of a preauthorization", () => {
    const sale = orderFixture({ capturedMinor: 0n });
    captureOnSale(sale);
    expect(sale.capturedMinor).toBe(1000n);
    const preauth = preauthFixture();
    captureOnSale(preauth);
    expect(preauth.capturedMinor).toBe(0n);
  });
});
