import { describe, expect, it } from "vitest";
import { orderFixture } from "../orders/order-fixture.testlib.js";
import { endpointBalance, heldByMerchant, signedDecimalOf } from "./endpoint-balance.js";

describe("heldByMerchant", () => {
  it("counts what was captured, less returns, reversals and chargebacks; nothing once voided", () => {
    expect(heldByMerchant(orderFixture())).toBe(1000n);
    expect(heldByMerchant(orderFixture({ refundedMinor: 150n, chargedBackMinor: 200n }))).toBe(650n);
    expect(heldByMerchant(orderFixture({ cancelled: "voided" }))).toBe(0n);
    expect(heldByMerchant(orderFixture({ kind: "preauth", capturedMinor: 0n }))).toBe(0n);
    expect(heldByMerchant(orderFixture({ kind: "preauth", capturedMinor: 400n }))).toBe(400n);
    expect(heldByMerchant(orderFixture({ status: "declined", capturedMinor: 0n }))).toBe(0n);
  });

  it("takes an approved payout out, and leaves a transfer or a declined payout alone", () => {
    expect(heldByMerchant(orderFixture({ kind: "payout", capturedMinor: 0n }))).toBe(-1000n);
    expect(heldByMerchant(orderFixture({ kind: "payout", status: "declined", capturedMinor: 0n }))).toBe(0n);
    expect(heldByMerchant(orderFixture({ kind: "transfer", capturedMinor: 0n }))).toBe(0n);
  });
});

describe("endpointBalance", () => {
  it("sums an endpoint's orders by currency, naming no currency an order moved no money in", () => {
    const { byCurrency } = endpointBalance(
      [
        orderFixture(),
        orderFixture({ orderid: "2", refundedMinor: 1000n }),
        orderFixture({ orderid: "3", endpointId: "2222", currency: "EUR" }),
        orderFixture({ orderid: "4", currency: "EUR", status: "declined", capturedMinor: 0n }),
        orderFixture({ orderid: "5", kind: "payout", amountMinor: 300n, capturedMinor: 0n }),
      ],
      "1111",
    );
    expect([...byCurrency]).toEqual([["USD", 700n]]);
  });

  it("writes a negative balance with its sign", () => {
    expect(signedDecimalOf(-1042n, "USD")).toBe("-10.42");
    expect(signedDecimalOf(5n, "USD")).toBe("0.05");
  });
});
