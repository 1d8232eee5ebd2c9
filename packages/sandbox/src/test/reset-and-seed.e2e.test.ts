import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, adminPost, finalSale, startManualFixture } from "./manual-clock.testlib.js";
import { dataOf, type Fixture, startFixture } from "./sandbox-fixture.testlib.js";

async function cardRefOfNewSale(f: Fixture): Promise<{ orderid: string; cardRef: string }> {
  const o = await finalSale(f);
  const ref = dataOf(await f.gateway.createCardRef({ client_orderid: o.id, orderid: o.orderid }));
  return { orderid: o.orderid, cardRef: String(ref["card-ref-id"]) };
}

describe("seed", () => {
  let first: Fixture;
  let second: Fixture;
  beforeAll(async () => {
    [first, second] = await Promise.all([
      // A login of its own: on loopback with no key option the sandbox would take the example merchant's key.
      startManualFixture({ seed: "shop-tests", login: "seeded-shop" }),
      startManualFixture({ seed: "shop-tests", login: "seeded-shop" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first.sandbox.close(), second.sandbox.close()]);
  });

  it("makes generated ids and the generated control key the same in two sandboxes", async () => {
    expect(first.sandbox.controlKey).toBe(second.sandbox.controlKey);
    expect(first.sandbox.controlKey).toMatch(/^[0-9A-F]{32}$/);
    const [a, b] = [await cardRefOfNewSale(first), await cardRefOfNewSale(second)];
    expect(a).toEqual(b);
  });

  it("gives other ids with another seed", async () => {
    const other = await startFixture({ seed: "other-tests", login: "seeded-shop" });
    try {
      expect(other.sandbox.controlKey).not.toBe(first.sandbox.controlKey);
    } finally {
      await other.sandbox.close();
    }
  });
});

describe("reset", () => {
  it("clears orders, callbacks, events and subscriptions, and starts the ids again", async () => {
    const f = await startManualFixture({ seed: "reset" });
    try {
      const before = await cardRefOfNewSale(f);
      await f.sandbox.trigger(before.orderid, { type: "fraud" });
      f.sandbox.reset();
      expect(await adminGet(f, "orders")).toEqual({ orders: [], next_cursor: null });
      expect(await adminGet(f, "events")).toEqual({ events: [] });
      expect(await adminGet(f, "callbacks")).toEqual({ callbacks: [] });
      expect(await cardRefOfNewSale(f)).toEqual(before);
      const { status, body } = await adminPost(f, "reset", {});
      expect([status, body["reset"]]).toEqual([200, true]);
      expect(await adminGet(f, "orders")).toEqual({ orders: [], next_cursor: null });
    } finally {
      await f.sandbox.close();
    }
  });
});
