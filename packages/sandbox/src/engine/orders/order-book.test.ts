import { describe, expect, it } from "vitest";
import { IdSource } from "../values/id-source.js";
import { OrderBook } from "./order-book.js";
import { orderFixture } from "./order-fixture.testlib.js";

describe("OrderBook", () => {
  it("hands out numeric order ids and recurring payment ids in sequence, each from its own counter", () => {
    const book = new OrderBook(new IdSource(undefined));
    expect([book.nextOrderId(), book.nextOrderId()]).toEqual(["1000001", "1000002"]);
    expect([book.nextRecurringId(), book.nextRecurringId()]).toEqual(["500001", "500002"]);
    expect(book.nextOrderId()).toBe("1000003");
  });

  it("finds an order by its id, its page token, and its client order id on its own endpoint only", () => {
    const book = new OrderBook(new IdSource(undefined));
    const first = orderFixture({ orderid: "1000001", endpointId: "1111", clientOrderId: "shop-1", pageToken: "aa" });
    const second = orderFixture({ orderid: "1000002", endpointId: "2222", clientOrderId: "shop-1", pageToken: "bb" });
    book.add(first);
    book.add(second);
    expect(book.byOrderId("1000002")).toBe(second);
    expect(book.byPageToken("aa")).toBe(first);
    expect(book.ordersOfClientOrderId("1111", "shop-1")).toEqual([first]);
    expect(book.ordersOfClientOrderId("2222", "shop-1")).toEqual([second]);
    expect(book.ordersOfClientOrderId("3333", "shop-1")).toEqual([]);
    expect(book.byOrderId("shop-1")).toBeUndefined();
    expect(book.all()).toEqual([first, second]);
  });

  it("keeps client order ids that would run together apart (endpoint 11 with 11x, endpoint 111 with 1x)", () => {
    const book = new OrderBook(new IdSource(undefined));
    const a = orderFixture({ orderid: "1000001", endpointId: "11", clientOrderId: "11x" });
    const b = orderFixture({ orderid: "1000002", endpointId: "111", clientOrderId: "1x" });
    book.add(a);
    book.add(b);
    expect(book.ordersOfClientOrderId("11", "11x")).toEqual([a]);
    expect(book.ordersOfClientOrderId("111", "1x")).toEqual([b]);
  });

  it("keeps every order of a client order id resent on one endpoint, oldest first, and forgets them one by one", () => {
    const book = new OrderBook(new IdSource(undefined));
    const first = orderFixture({ orderid: "1000001", clientOrderId: "shop-1", pageToken: "aa" });
    const second = orderFixture({ orderid: "1000002", clientOrderId: "shop-1", pageToken: "bb" });
    const third = orderFixture({ orderid: "1000003", clientOrderId: "shop-1", pageToken: "cc" });
    book.add(first);
    book.add(second);
    book.add(third);
    expect(book.ordersOfClientOrderId("1111", "shop-1")).toEqual([first, second, third]);
    book.forget(new Set(["1000002"]));
    expect(book.ordersOfClientOrderId("1111", "shop-1")).toEqual([first, third]);
    expect(book.page({ q: "shop-1" }).orders).toEqual([third, first]);
    book.forget(new Set(["1000001", "1000003"]));
    expect(book.ordersOfClientOrderId("1111", "shop-1")).toEqual([]);
    expect(book.page({ q: "shop-1" }).orders).toEqual([]);
  });

  it("makes unguessable card reference ids, the same ones again for the same seed", () => {
    const ids = (seed: string | undefined) => {
      const book = new OrderBook(new IdSource(seed));
      return [book.nextCardRefId(), book.nextCardRefId()];
    };
    const seeded = ids("seed-1");
    expect(seeded[0]).toMatch(/^CR[0-9A-F]{16}$/);
    expect(seeded[0]).not.toBe(seeded[1]);
    expect(ids("seed-1")).toEqual(seeded);
    expect(ids("seed-2")).not.toEqual(seeded);
    expect(ids(undefined)).not.toEqual(ids(undefined));
  });
});
