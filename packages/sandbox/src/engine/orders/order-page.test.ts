import { describe, expect, it } from "vitest";
import { IdSource } from "../values/id-source.js";
import { OrderBook } from "./order-book.js";
import { orderFixture } from "./order-fixture.testlib.js";
import { ORDERS_READ_PER_PAGE } from "./order-page.js";
import { OrderPageQueryError, orderPageQueryOf } from "./order-page-query.js";

function bookOf(count: number): OrderBook {
  const book = new OrderBook(new IdSource(undefined));
  for (let i = 1; i <= count; i++) {
    book.add(
      orderFixture({
        orderid: String(1_000_000 + i),
        clientOrderId: `shop-${i}`,
        status: i % 10 === 0 ? "declined" : "approved",
        pageToken: `t${i}`,
      }),
    );
  }
  return book;
}

describe("pages of orders", () => {
  it("lists the newest fifty first and walks every order exactly once by cursor", () => {
    const book = bookOf(1234);
    const first = book.page({});
    expect(first.orders.map((o) => o.orderid).slice(0, 2)).toEqual(["1001234", "1001233"]);
    expect(first.orders).toHaveLength(50);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = book.page({ limit: 500, ...(cursor === undefined ? {} : { cursor }) });
      seen.push(...page.orders.map((o) => o.orderid));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(seen).toHaveLength(1234);
    expect(new Set(seen).size).toBe(1234);
    expect(seen.at(-1)).toBe("1000001");
  });

  it("filters by status on the server and gives no cursor after the last match", () => {
    const book = bookOf(95);
    const page = book.page({ status: "declined", limit: 5 });
    expect(page.orders.map((o) => o.orderid)).toEqual(["1000090", "1000080", "1000070", "1000060", "1000050"]);
    const rest = book.page({ status: "declined", limit: 5, cursor: page.nextCursor ?? "" });
    expect(rest.orders.map((o) => o.orderid)).toEqual(["1000040", "1000030", "1000020", "1000010"]);
    expect(rest.nextCursor).toBeUndefined();
  });

  it("finds an order by either whole id with q, or every order with part of one, ignoring case", () => {
    const book = bookOf(100);
    expect(book.page({ q: "1000042" }).orders.map((o) => o.clientOrderId)).toEqual(["shop-42"]);
    expect(book.page({ q: "shop-7" }).orders.map((o) => o.orderid)).toEqual(["1000007"]);
    expect(book.page({ q: "SHOP-9" }).orders.map((o) => o.clientOrderId)).toEqual([
      "shop-99",
      "shop-98",
      "shop-97",
      "shop-96",
      "shop-95",
      "shop-94",
      "shop-93",
      "shop-92",
      "shop-91",
      "shop-90",
      "shop-9",
    ]);
    expect(book.page({ q: "nowhere" }).orders).toEqual([]);
  });

  it("ends a filtered page short where it stopped reading, and goes on from there", () => {
    // Only the 10 oldest of 50,010 orders are filtered: the first page reads 50,000 and finds none.
    const book = new OrderBook(new IdSource(undefined));
    for (let i = 1; i <= ORDERS_READ_PER_PAGE + 10; i++)
      book.add(
        orderFixture({
          orderid: String(1_000_000 + i),
          clientOrderId: `s${i}`,
          status: i <= 10 ? "filtered" : "approved",
        }),
      );
    const first = book.page({ status: "filtered" });
    expect(first.orders).toEqual([]);
    expect(first.nextCursor).toBe("1000011");
    const second = book.page({ status: "filtered", cursor: first.nextCursor ?? "" });
    expect(second.orders.map((o) => o.orderid).slice(0, 2)).toEqual(["1000010", "1000009"]);
    expect(second.nextCursor).toBeUndefined();
  });

  it("answers a page from 100,000 orders as fast as from 1,000 (no scan of the whole book)", () => {
    const small = bookOf(1_000);
    const large = bookOf(100_000);
    const timeOf = (book: OrderBook) => {
      const started = performance.now();
      for (let i = 0; i < 200; i++) book.page({ cursor: String(1_000_000 + 500), limit: 50 });
      return performance.now() - started;
    };
    timeOf(small);
    // A scan of 100,000 orders 200 times would take seconds; a page costs its own length.
    expect(timeOf(large)).toBeLessThan(Math.max(50, timeOf(small) * 10));
    expect(large.page({ cursor: "1000501" }).orders[0]?.orderid).toBe("1000500");
  });

  it("refuses a malformed query naming the field", () => {
    expect(() => orderPageQueryOf(new URLSearchParams("limit=0"))).toThrow(OrderPageQueryError);
    expect(() => orderPageQueryOf(new URLSearchParams("limit=501"))).toThrow(/field 'limit'/);
    expect(() => orderPageQueryOf(new URLSearchParams("cursor=abc"))).toThrow(/field 'cursor'/);
    expect(() => orderPageQueryOf(new URLSearchParams("status=APPROVED!"))).toThrow(/field 'status'/);
    expect(orderPageQueryOf(new URLSearchParams("limit=7&status=approved&q=x"))).toEqual({
      limit: 7,
      status: "approved",
      q: "x",
    });
  });
});
