import { describe, expect, it } from "vitest";
import { orderFixture, preauthFixture } from "../orders/order-fixture.testlib.js";
import { eventRule } from "./event-rules.js";

describe("eventRule", () => {
  it("charges back or reverses what is captured and not yet returned or charged back, whole by default", () => {
    expect(eventRule(orderFixture(), "chargeback", undefined, undefined)).toEqual({
      type: "chargeback",
      amountMinor: 1000n,
    });
    expect(
      eventRule(orderFixture({ refundedMinor: 300n, chargedBackMinor: 200n }), "reversal", undefined, undefined),
    ).toEqual({ type: "reversal", amountMinor: 500n });
    expect(eventRule(orderFixture(), "chargeback", 250n, undefined)).toEqual({ type: "chargeback", amountMinor: 250n });
  });

  it("refuses a chargeback above what is left, naming both amounts", () => {
    expect(eventRule(orderFixture({ refundedMinor: 600n }), "chargeback", 500n, undefined)).toBe(
      "chargeback refused: 5.00 USD is more than the 4.00 USD captured and not yet returned or charged back",
    );
    expect(eventRule(preauthFixture(), "chargeback", undefined, undefined)).toBe(
      "chargeback refused: order 1000001 has nothing captured and not yet returned or charged back",
    );
    expect(eventRule(orderFixture(), "reversal", 0n, undefined)).toBe("reversal refused: amount must be more than 0");
  });

  it("bounds fraud reports and retrieval requests by the amount paid, not by what is captured", () => {
    expect(eventRule(preauthFixture(), "fraud", undefined, undefined)).toEqual({ type: "fraud", amountMinor: 1000n });
    expect(eventRule(orderFixture({ refundedMinor: 1000n }), "retrieval", 1000n, undefined)).toEqual({
      type: "retrieval",
      amountMinor: 1000n,
    });
    expect(eventRule(orderFixture(), "fraud", 1001n, undefined)).toBe(
      "fraud refused: 10.01 USD is more than the 10.00 USD paid",
    );
  });

  it("brings money events to approved, final, uncancelled card payments only", () => {
    expect(eventRule(orderFixture({ kind: "payout" }), "chargeback", undefined, undefined)).toBe(
      "chargeback refused: order 1000001 is a payout, not a card payment",
    );
    expect(eventRule(orderFixture({ status: "declined" }), "fraud", undefined, undefined)).toBe(
      "fraud refused: order 1000001 is declined, not approved",
    );
    expect(eventRule(orderFixture({ phase: "processing" }), "retrieval", undefined, undefined)).toBe(
      "retrieval refused: order 1000001 is still processing",
    );
    expect(eventRule(orderFixture({ cancelled: "released" }), "chargeback", undefined, undefined)).toBe(
      "chargeback refused: order 1000001 was cancelled",
    );
  });

  it("moves a final status to another final status, and nothing else", () => {
    expect(eventRule(orderFixture(), "status-change", undefined, "declined")).toEqual({
      type: "status-change",
      status: "declined",
    });
    expect(eventRule(orderFixture({ status: "declined" }), "status-change", undefined, "approved")).toEqual({
      type: "status-change",
      status: "approved",
    });
    expect(eventRule(orderFixture(), "status-change", undefined, "approved")).toBe(
      "status-change refused: order 1000001 is already approved",
    );
    expect(eventRule(orderFixture(), "status-change", undefined, "processing")).toBe(
      "status-change refused: field 'status' must be one of approved, declined, error, filtered",
    );
    expect(eventRule(orderFixture(), "status-change", undefined, undefined)).toMatch(/field 'status' must be one of/);
    expect(
      eventRule(
        orderFixture({ pending: { type: "reversal", amountMinor: 100n, outcome: "reversal" } }),
        "status-change",
        undefined,
        "error",
      ),
    ).toBe("status-change refused: order 1000001 is still processing");
  });
});
