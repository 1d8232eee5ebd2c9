import { describe, expect, it } from "vitest";
import { orderFixture } from "../orders/order-fixture.testlib.js";
import { CarriedBalances } from "./carried-balances.js";
import { endpointBalance } from "./endpoint-balance.js";

describe("CarriedBalances", () => {
  it("carries what forgotten orders left, by endpoint and currency, and naming no currency of an order that moved none", () => {
    const carried = new CarriedBalances();
    carried.carry([
      orderFixture(),
      orderFixture({ orderid: "2", refundedMinor: 300n }),
      orderFixture({ orderid: "3", endpointId: "2222", currency: "EUR" }),
      orderFixture({ orderid: "4", currency: "EUR", status: "declined", capturedMinor: 0n }),
    ]);
    expect([...carried.of("1111")]).toEqual([["USD", 1700n]]);
    expect([...carried.of("2222")]).toEqual([["EUR", 1000n]]);
    expect([...carried.of("3333")]).toEqual([]);
    // The balance starts from it, and adds the orders still held.
    expect([...endpointBalance([orderFixture({ orderid: "5" })], "1111", carried.of("1111")).byCurrency]).toEqual([
      ["USD", 2700n],
    ]);
  });

  it("is kept as decimal strings and taken up whole, a negative amount included; a reset clears it", () => {
    const carried = new CarriedBalances();
    carried.carry([orderFixture({ kind: "payout", amountMinor: 123456789012345678901n, capturedMinor: 0n })]);
    const json = carried.toJson();
    expect(json).toEqual({ "1111": { USD: "-123456789012345678901" } });
    const again = new CarriedBalances();
    again.resume(JSON.parse(JSON.stringify(json)));
    expect([...again.of("1111")]).toEqual([["USD", -123456789012345678901n]]);
    again.resume(undefined);
    expect(again.toJson()).toEqual({});
    carried.clear();
    expect(carried.toJson()).toEqual({});
  });
});
