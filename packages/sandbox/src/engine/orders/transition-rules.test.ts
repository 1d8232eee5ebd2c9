import { describe, expect, it } from "vitest";
import { orderFixture, preauthFixture } from "./order-fixture.testlib.js";
import { captureRule, returnRule, settleRule, voidRule } from "./transition-rules.js";

describe("captureRule", () => {
  it("captures what is still authorized when no amount is given, or the amount asked", () => {
    expect(captureRule(preauthFixture(), undefined, undefined)).toBe(1000n);
    expect(captureRule(preauthFixture(), 400n, "USD")).toBe(400n);
    expect(captureRule(preauthFixture({ capturedMinor: 400n }), undefined, undefined)).toBe(600n);
  });

  it("refuses captures that add up to more than was authorized, naming both amounts", () => {
    expect(captureRule(preauthFixture({ capturedMinor: 400n }), 700n, "USD")).toBe(
      "capture refused: 7.00 USD is more than the 6.00 USD still authorized",
    );
    expect(captureRule(preauthFixture({ capturedMinor: 1000n }), undefined, undefined)).toBe(
      "capture refused: order 1000001 is already captured in full",
    );
  });

  it("refuses a capture of anything but an approved, final, open preauthorization", () => {
    expect(captureRule(orderFixture(), undefined, undefined)).toBe(
      "capture refused: order 1000001 is a sale, not a preauthorization",
    );
    expect(captureRule(preauthFixture({ phase: "processing" }), undefined, undefined)).toMatch(/still processing/);
    expect(
      captureRule(
        preauthFixture({ pending: { type: "capture", amountMinor: 100n, outcome: "capture" } }),
        undefined,
        undefined,
      ),
    ).toMatch(/still processing/);
    expect(captureRule(preauthFixture({ status: "declined" }), undefined, undefined)).toBe(
      "capture refused: order 1000001 is declined, not approved",
    );
    expect(captureRule(preauthFixture({ cancelled: "voided" }), undefined, undefined)).toBe(
      "capture refused: order 1000001 was already voided",
    );
    expect(captureRule(preauthFixture({ settled: true }), undefined, undefined)).toBe(
      "capture refused: order 1000001 is already settled",
    );
  });

  it("refuses a zero amount and another currency than the order's", () => {
    expect(captureRule(preauthFixture(), 0n, "USD")).toBe("capture refused: amount must be more than 0");
    expect(captureRule(preauthFixture(), 100n, "EUR")).toBe(
      "capture refused: currency EUR differs from the order's USD",
    );
  });
});

describe("voidRule", () => {
  it("allows a void of an approved, unsettled sale or preauthorization", () => {
    expect(voidRule(orderFixture(), false)).toBeUndefined();
    expect(voidRule(preauthFixture(), false)).toBeUndefined();
  });

  it("refuses an amount, a payout, a settled order, an order with returns, and a second void", () => {
    expect(voidRule(orderFixture(), true)).toBe("void refused: a void takes no amount (partial void is not supported)");
    expect(voidRule(orderFixture({ kind: "payout" }), false)).toMatch(/is a payout; only sales and preauthorizations/);
    expect(voidRule(orderFixture({ settled: true }), false)).toBe(
      "void refused: order 1000001 is settled; use return instead",
    );
    expect(voidRule(orderFixture({ refundedMinor: 100n }), false)).toBe(
      "void refused: order 1000001 already has returns",
    );
    expect(voidRule(orderFixture({ cancelled: "voided" }), false)).toBe(
      "void refused: order 1000001 was already voided",
    );
  });
});

describe("returnRule", () => {
  it("releases an uncaptured preauthorization whole, and refuses a partial amount for it", () => {
    expect(returnRule(preauthFixture(), undefined, undefined)).toEqual({ kind: "release" });
    expect(returnRule(preauthFixture(), 1000n, "USD")).toEqual({ kind: "release" });
    expect(returnRule(preauthFixture(), 500n, "USD")).toMatch(/cancelled in full; omit amount and currency/);
  });

  it("refunds what is captured and not yet returned or charged back, in full or in part", () => {
    expect(returnRule(orderFixture(), undefined, undefined)).toEqual({ kind: "refund", amountMinor: 1000n });
    expect(returnRule(orderFixture({ refundedMinor: 300n, chargedBackMinor: 200n }), undefined, undefined)).toEqual({
      kind: "refund",
      amountMinor: 500n,
    });
    expect(returnRule(preauthFixture({ capturedMinor: 600n }), 250n, "USD")).toEqual({
      kind: "refund",
      amountMinor: 250n,
    });
  });

  it("refuses more than is left, saying when chargebacks took part of it", () => {
    expect(returnRule(orderFixture({ refundedMinor: 300n }), 800n, "USD")).toBe(
      "return refused: 8.00 USD is more than the 7.00 USD captured and not yet returned",
    );
    expect(returnRule(orderFixture({ chargedBackMinor: 300n }), 800n, "USD")).toBe(
      "return refused: 8.00 USD is more than the 7.00 USD captured and not yet returned or charged back",
    );
    expect(returnRule(orderFixture({ refundedMinor: 1000n }), undefined, undefined)).toBe(
      "return refused: order 1000001 is already returned in full",
    );
  });

  it("refuses a return of a payout, of an unapproved order and in another currency", () => {
    expect(returnRule(orderFixture({ kind: "transfer" }), undefined, undefined)).toMatch(/is a transfer; only sales/);
    expect(returnRule(orderFixture({ status: "error" }), undefined, undefined)).toBe(
      "return refused: order 1000001 is error, not approved",
    );
    expect(returnRule(orderFixture(), 100n, "JPY")).toBe("return refused: currency JPY differs from the order's USD");
  });
});

describe("settleRule", () => {
  it("settles an approved order with captured funds once", () => {
    expect(settleRule(orderFixture())).toBeUndefined();
    expect(settleRule(orderFixture({ settled: true }))).toBe("settle refused: order 1000001 is already settled");
  });

  it("refuses an order with nothing captured, a voided one and one still processing", () => {
    expect(settleRule(preauthFixture())).toBe("settle refused: order 1000001 has nothing captured");
    expect(settleRule(orderFixture({ cancelled: "voided" }))).toBe("settle refused: order 1000001 was already voided");
    expect(settleRule(orderFixture({ phase: "processing", status: "processing" }))).toMatch(/still processing/);
  });
});
