import { describe, expect, it } from "vitest";
import { dataOf, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const f = fixtureForFile();

describe("the callbacks list names each callback's order by both ids", () => {
  it("gives client_orderid and orderid in GET /_admin/callbacks and sandbox.callbacks(), without parsing the URL", async () => {
    const id = orderId("cb-list");
    const ack = dataOf(await f.gateway.sale({ ...paymentBody(id), server_callback_url: `${f.shop.url}/cb` }));
    const orderid = String(ack["paynet-order-id"]);
    await f.sandbox.waitForCallback({ orderid });
    const listed = (await (await fetch(`${f.sandbox.url}/_admin/callbacks?orderid=${orderid}`)).json()) as {
      callbacks: { orderid: string; client_orderid: string; url: string }[];
    };
    expect(listed.callbacks.length).toBeGreaterThan(0);
    for (const callback of listed.callbacks) expect([callback.orderid, callback.client_orderid]).toEqual([orderid, id]);
    const own = f.sandbox.callbacks().filter((d) => d.orderid === orderid);
    expect(own.map((d) => d.client_orderid)).toEqual(listed.callbacks.map(() => id));
  });
});
