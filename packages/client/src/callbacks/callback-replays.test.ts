// Replays of one genuine callback (a URL from an access log, say) with the fields control does not
// cover changed, and the ids shifted across the digest's missing separators.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseCallback } from "./callback.js";
import { createCallbackHandler } from "./callback-handler.js";
import type { StoredOrder } from "./callback-order-check.js";
import { parseCustomerReturn } from "./customer-return.js";
import { signCallback } from "./sign-callback.js";

const controlKey = "test-merchant-control";
const genuine = {
  status: "approved",
  orderid: "1000001",
  client_orderid: "5001",
  type: "sale",
  amount: "10.42",
  currency: "USD",
} as const;

/** The shop's order book: client_orderid → what it stored (a sale only). */
const book = new Map<string, StoredOrder>([
  ["5001", { orderid: "1000001", client_orderid: "5001", amount: "10.42", currency: "USD" }],
  ["15001", { orderid: "1000777", client_orderid: "15001", amount: "99.00", currency: "USD" }],
]);

function shop(withStoredOrder: boolean) {
  const calls: string[] = [];
  const handler = createCallbackHandler({
    controlKey,
    onCallback: (callback) => void calls.push(`${callback.unsigned.type}:${callback.unsigned.amount}`),
    onError: () => {},
    ...(withStoredOrder
      ? {
          storedOrder: (callback) =>
            callback.unsigned.type === "sale" ? book.get(callback.client_orderid) : undefined,
        }
      : {}),
  });
  const deliver = async (query: URLSearchParams) => {
    const response = await handler(new Request(`http://shop.test/payments/callback?${query}`));
    return `${response.status} ${await response.text()}`;
  };
  return { calls, deliver };
}

/** The genuine callback's query with one unsigned field set (or removed, for `undefined`). */
async function replay(field: string, value: string | undefined): Promise<URLSearchParams> {
  const query = await signCallback(genuine, controlKey);
  if (value === undefined) query.delete(field);
  else query.set(field, value);
  return query;
}

describe("a replayed genuine callback", () => {
  it("with a type the gateway does not send, or none, is refused 400 and calls nothing", async () => {
    const { calls, deliver } = shop(false);
    expect(await deliver(await signCallback(genuine, controlKey))).toBe("200 OK");
    const answers = [
      await deliver(await replay("type", "x1")),
      await deliver(await replay("type", "x2")),
      await deliver(await replay("type", undefined)),
      await deliver(await replay("type", "")),
    ];
    expect(answers).toEqual(Array(4).fill("400 type is missing or not one the gateway sends"));
    expect(calls).toEqual(["sale:10.42"]);
  });

  it("with storedOrder: another documented type, amount or currency is refused and calls nothing", async () => {
    const { calls, deliver } = shop(true);
    expect(await deliver(await signCallback(genuine, controlKey))).toBe("200 OK");
    const answers = [
      await deliver(await replay("type", "reversal")), // the shop stored no reversal of this order
      await deliver(await replay("type", "chargeback")),
      await deliver(await replay("amount", "0.01")),
      await deliver(await replay("amount", undefined)),
      await deliver(await replay("currency", "EUR")),
    ];
    expect(answers).toEqual([
      "404 no such order",
      "404 no such order",
      "409 amount not as stored for this order",
      "409 amount not as stored for this order",
      "409 currency not as stored for this order",
    ]);
    expect(calls).toEqual(["sale:10.42"]);
  });

  it("with storedOrder: an amount written another way (10.420, or stored as the number 10.42) is the same amount", async () => {
    const { calls, deliver } = shop(true);
    expect(await deliver(await replay("amount", "10.420"))).toBe("200 OK");
    expect(calls).toEqual(["sale:10.420"]);
    const numeric = createCallbackHandler({
      controlKey,
      onCallback: () => {},
      storedOrder: () => ({ orderid: "1000001", client_orderid: "5001", amount: 10.42, currency: "USD" }),
    });
    const response = await numeric(new Request(`http://shop.test/cb?${await signCallback(genuine, controlKey)}`));
    expect(response.status).toBe(200);
  });

  it("without storedOrder or confirm still runs onCallback for each documented type (the gap those options close)", async () => {
    const { calls, deliver } = shop(false);
    for (const type of ["sale", "reversal", "chargeback"])
      expect(await deliver(await replay("type", type))).toBe("200 OK");
    expect(calls).toEqual(["sale:10.42", "reversal:10.42", "chargeback:10.42"]);
  });
});

describe("ids shifted across the digest's missing separators", () => {
  // control = SHA-1(status + orderid + client_orderid + key): "approved" + "1000001" + "5001" and
  // "approved" + "100000" + "15001" are the same string.
  const shifted = { ...genuine, orderid: "100000", client_orderid: "15001" };

  it("verify: a callback signed for (1000001, 5001) passes as (100000, 15001)", async () => {
    const query = await signCallback(genuine, controlKey);
    query.set("orderid", shifted.orderid);
    query.set("client_orderid", shifted.client_orderid);
    query.set("merchant_order", shifted.client_orderid);
    const callback = await parseCallback(query, controlKey);
    expect([callback.orderid, callback.client_orderid]).toEqual(["100000", "15001"]);
    const independent = createHash("sha1").update(`approved10000015001${controlKey}`).digest("hex");
    expect(query.get("control")).toBe(independent);
  });

  it("storedOrder refuses it: the shop's order 15001 has another orderid and amount", async () => {
    const { calls, deliver } = shop(true);
    const query = await signCallback(genuine, controlKey);
    query.set("orderid", shifted.orderid);
    query.set("client_orderid", shifted.client_orderid);
    query.set("merchant_order", shifted.client_orderid);
    expect(await deliver(query)).toBe("409 orderid, amount not as stored for this order");
    query.set("client_orderid", "1500");
    query.set("merchant_order", "1500");
    query.set("orderid", "1000001");
    expect(await deliver(query)).toMatch(/^403/); // not a shift of the signed string
    expect(calls).toEqual([]);
  });

  it("a customer return verifies shifted too, which is why its ids must be checked against the session's order", async () => {
    const control = createHash("sha1").update(`approved10000015001${controlKey}`).digest("hex");
    const back = await parseCustomerReturn(
      { status: "approved", orderid: "100000", merchant_order: "15001", control },
      controlKey,
    );
    expect([back.orderid, back.merchant_order]).toEqual(["100000", "15001"]);
  });
});
