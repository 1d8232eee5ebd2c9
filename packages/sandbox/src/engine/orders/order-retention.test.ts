import { describe, expect, it } from "vitest";
import { orderFixture } from "./order-fixture.testlib.js";
import { maxAgeMsOf, ordersToForget } from "./order-retention.js";

const orders = [1, 2, 3, 4, 5].map((n) => orderFixture({ orderid: String(n), createdAt: n * 1_000 }));

describe("which orders the sandbox forgets", () => {
  it("forgets the oldest orders past maxOrders, skipping those still in use", () => {
    const busy = (o: { orderid: string }) => o.orderid === "1";
    expect([...ordersToForget(orders, 10_000, { maxOrders: 3, maxAgeMs: undefined }, busy)]).toEqual(["2", "3"]);
  });

  it("forgets orders older than maxAgeMs in sandbox time", () => {
    expect([...ordersToForget(orders, 6_500, { maxOrders: undefined, maxAgeMs: 4_000 }, () => false)]).toEqual([
      "1",
      "2",
    ]);
  });

  it("reads --max-age with its unit, and refuses one without", () => {
    expect(maxAgeMsOf("90m")).toBe(5_400_000);
    expect(maxAgeMsOf("7d")).toBe(604_800_000);
    expect(() => maxAgeMsOf("7")).toThrow(/--max-age: expected a whole number with s, m, h or d/);
  });
});
