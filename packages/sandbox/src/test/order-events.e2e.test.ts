import { parseCallback } from "@card-processing/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EventRefusedError } from "../index.js";
import { adminGet, adminPost, finalSale, startManualFixture } from "./manual-clock.testlib.js";
import { dataOf, type Fixture, type Receiver, startReceiver } from "./sandbox-fixture.testlib.js";

let f: Fixture;
let receiver: Receiver;
beforeAll(async () => {
  [f, receiver] = await Promise.all([startManualFixture(), startReceiver()]);
});
afterEach(() => {
  receiver.requests.length = 0;
});
afterAll(async () => {
  await Promise.all([f.sandbox.close(), receiver.close()]);
});

function callbacksOf(orderid: string, path = "/cb"): URLSearchParams[] {
  return receiver.requests
    .map((r) => new URL(r.url, receiver.url))
    .filter((u) => u.pathname === path && u.searchParams.get("orderid") === orderid)
    .map((u) => u.searchParams);
}

async function orderRow(orderid: string): Promise<Record<string, unknown> | undefined> {
  const { orders } = await adminGet<{ orders: Array<Record<string, unknown>> }>(f, "orders");
  return orders.find((o) => o["orderid"] === orderid);
}

describe("events on an existing order", () => {
  it("a partial chargeback sends a signed chargeback callback to server_callback_url and notify_url", async () => {
    const o = await finalSale(f, { server_callback_url: `${receiver.url}/cb`, notify_url: `${receiver.url}/notify` });
    const event = await f.sandbox.trigger(o.orderid, { type: "chargeback", amount: "5.00" });
    expect(event).toMatchObject({
      type: "chargeback",
      orderid: o.orderid,
      client_orderid: o.id,
      amount: "5.00",
      currency: "USD",
      callback_type: "chargeback",
      order_status: "approved",
    });
    for (const path of ["/cb", "/notify"]) {
      const last = callbacksOf(o.orderid, path).at(-1);
      expect(last?.get("type"), path).toBe("chargeback");
      const verified = await parseCallback(last ?? new URLSearchParams(), f.sandbox.controlKey);
      expect(verified).toMatchObject({
        status: "approved",
        orderid: o.orderid,
        unsigned: { type: "chargeback", amount: "5.00" },
      });
    }
  });

  it("a charged-back amount can no longer be returned", async () => {
    const o = await finalSale(f);
    await f.sandbox.trigger(o.orderid, { type: "chargeback", amount: "15.00" });
    const refused = await f.gateway.return({
      client_orderid: o.id,
      orderid: o.orderid,
      amount: "6.00",
      currency: "USD",
      comment: "too much",
    });
    expect(refused.error).toBeDefined();
    expect(JSON.stringify(refused.error)).toContain("charged back");
    expect(
      dataOf(
        await f.gateway.return({
          client_orderid: o.id,
          orderid: o.orderid,
          amount: "5.00",
          currency: "USD",
          comment: "the rest",
        }),
      ),
    ).toBeDefined();
  });

  it("a full chargeback takes what is left, and a second one is refused", async () => {
    const o = await finalSale(f);
    expect((await f.sandbox.trigger(o.orderid, { type: "chargeback" })).amount).toBe("20.00");
    await expect(f.sandbox.trigger(o.orderid, { type: "chargeback" })).rejects.toThrow(
      /nothing captured and not yet returned or charged back/,
    );
  });

  it("a bank reversal counts as returned", async () => {
    const o = await finalSale(f, { server_callback_url: `${receiver.url}/cb` });
    const event = await f.sandbox.trigger(o.orderid, { type: "reversal", amount: "2.50" });
    expect(event.callback_type).toBe("reversal");
    expect(await orderRow(o.orderid)).toMatchObject({ returned: "2.50" });
    expect(callbacksOf(o.orderid).at(-1)?.get("type")).toBe("reversal");
  });

  it("fraud and retrieval events send callbacks of their own type and move no money", async () => {
    const o = await finalSale(f, { server_callback_url: `${receiver.url}/cb` });
    await f.sandbox.trigger(o.orderid, { type: "fraud" });
    await f.sandbox.trigger(o.orderid, { type: "retrieval" });
    expect(callbacksOf(o.orderid).map((q) => q.get("type"))).toEqual(["sale", "fraud", "retrieval"]);
    expect(await orderRow(o.orderid)).toMatchObject({ captured: "20.00", returned: "0.00" });
  });

  it("a status change after reconciliation shows in the status operation and in a callback", async () => {
    const o = await finalSale(f, { server_callback_url: `${receiver.url}/cb` });
    const { status, body } = await adminPost(f, `orders/${o.orderid}/events`, {
      type: "status-change",
      status: "declined",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ type: "status-change", previous_status: "approved", order_status: "declined" });
    expect(dataOf(await f.gateway.status({ client_orderid: o.id, orderid: o.orderid })).status).toBe("declined");
    const last = callbacksOf(o.orderid).at(-1);
    expect([last?.get("status"), last?.get("type")]).toEqual(["declined", "sale"]);
  });

  it("refuses a chargeback of a declined order, over HTTP with 400 and the reason", async () => {
    const o = await finalSale(f, {}, "4000000000000002");
    const { status, body } = await adminPost(f, `orders/${o.orderid}/events`, { type: "chargeback" });
    expect(status).toBe(400);
    expect(body["error-message"]).toBe(`chargeback refused: order ${o.orderid} is declined, not approved`);
  });

  it("refuses an amount above what is left and leaves the order unchanged", async () => {
    const o = await finalSale(f, { server_callback_url: `${receiver.url}/cb` });
    const { status, body } = await adminPost(f, `orders/${o.orderid}/events`, { type: "chargeback", amount: "20.01" });
    expect(status).toBe(400);
    expect(body["error-message"]).toBe(
      "chargeback refused: 20.01 USD is more than the 20.00 USD captured and not yet returned or charged back",
    );
    expect(callbacksOf(o.orderid).map((q) => q.get("type"))).toEqual(["sale"]);
    expect(await adminGet(f, `orders/${o.orderid}/events`)).toEqual({ events: [] });
  });

  it.each([
    [{ type: "refund" }, "field 'type': expected one of chargeback, reversal, fraud, retrieval, status-change"],
    [{ type: "chargeback", amount: "5,00" }, "field 'amount': expected a decimal amount"],
    [{ type: "chargeback", amount: "5.001" }, "field 'amount': 5.001 has more decimals than USD allows"],
    [{ type: "chargeback", status: "declined" }, "field 'status' applies to status-change only"],
    [
      { type: "status-change", status: "processing" },
      "field 'status' must be one of approved, declined, error, filtered",
    ],
    [{ type: "chargeback", colour: "red" }, "unknown field 'colour': events takes only 'type', 'amount', 'status'"],
    [{}, "missing required field 'type'"],
  ])("refuses what it cannot read: %j", async (form, message) => {
    const o = await finalSale(f);
    const { status, body } = await adminPost(f, `orders/${o.orderid}/events`, form as Record<string, string>);
    expect(status).toBe(400);
    expect(String(body["error-message"])).toContain(message);
    expect(await orderRow(o.orderid)).toMatchObject({ status: "approved", captured: "20.00", returned: "0.00" });
  });

  it("refuses an event on an order that does not exist", async () => {
    await expect(f.sandbox.trigger("999999999", { type: "fraud" })).rejects.toBeInstanceOf(EventRefusedError);
    const { status, body } = await adminPost(f, "orders/999999999/events", { type: "fraud" });
    expect([status, body["error-message"]]).toEqual([400, "no order 999999999"]);
  });
});
