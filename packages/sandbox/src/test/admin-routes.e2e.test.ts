import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedRequest, type Sandbox, startSandbox } from "../index.js";
import { PAY_JSON, postForm, sendRaw, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 5, settleDelayMs: Infinity });
});
afterAll(async () => {
  await sandbox.close();
});

interface AdminOrder {
  readonly orderid: string;
  readonly status: string;
  readonly settled: boolean;
}

async function orders(): Promise<AdminOrder[]> {
  return ((await (await fetch(`${sandbox.url}/_admin/orders?limit=500`)).json()) as { orders: AdminOrder[] }).orders;
}

async function approvedSale(id = orderId("adm")): Promise<string> {
  const reply = await postForm(
    sandbox.url,
    "/api/v2/sale/1111",
    signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, id),
  );
  const orderid = String((JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"]);
  await expect.poll(async () => (await orders()).find((o) => o.orderid === orderid)?.status).toBe("approved");
  return orderid;
}

const settle = (body: string | Buffer, contentType = "application/x-www-form-urlencoded") =>
  sendRaw(`${sandbox.url}/_admin/settle`, { headers: { "content-type": contentType }, body });

const unreadable: Array<[string, string | Buffer, string | undefined, RegExp]> = [
  ["a malformed percent-escape", "orderid=%zz", undefined, /request body has a malformed percent-escape/],
  ["bytes that are not UTF-8", Buffer.from([0x6f, 0x3d, 0xff]), undefined, /request body is not valid UTF-8/],
  [
    "a JSON body",
    '{"orderid":"1000001"}',
    "application/json",
    /Content-Type must be application\/x-www-form-urlencoded, not application\/json/,
  ],
  [
    "a form without a content type",
    "orderid=1000001",
    "",
    /Content-Type must be application\/x-www-form-urlencoded, not missing/,
  ],
  ["a misspelt field", "order_id=1000001", undefined, /unknown field 'order_id': settle takes only 'orderid'/],
  ["orderid given twice", "orderid=1&orderid=2", undefined, /field 'orderid' is given more than once/],
  ["an empty orderid", "orderid=", undefined, /field 'orderid' is empty: send no body to settle every order/],
];

describe("admin routes refuse what they cannot read, and change nothing", () => {
  it.each(unreadable)("refuses settle with %s", async (_name, body, contentType, message) => {
    const orderid = await approvedSale();
    const reply = await settle(body, contentType);
    expect(reply.status).toBe(400);
    expect(reply.contentType).toContain(PAY_JSON);
    expect(String((JSON.parse(reply.text) as Record<string, unknown>)["error-message"])).toMatch(message);
    expect((await orders()).filter((o) => o.settled)).toEqual([]);
    expect((await orders()).find((o) => o.orderid === orderid)?.settled).toBe(false);
  });

  it("settles the order a readable form names, and every order when there is no body", async () => {
    const one = await approvedSale();
    const other = await approvedSale();
    const reply = await settle(`orderid=${one}`);
    expect(JSON.parse(reply.text)).toEqual({ settled: [one] });
    expect((await orders()).find((o) => o.orderid === other)?.settled).toBe(false);
    const all = await settle("");
    expect(all.status).toBe(200);
    expect((await orders()).find((o) => o.orderid === other)?.settled).toBe(true);
  });
});

describe("GET /_admin/requests", () => {
  it("lists the requests received, oldest first, by client_orderid, orderid and operation, as sandbox.requests() does", async () => {
    const id = orderId("req");
    const orderid = await approvedSale(id);
    const refused = await postForm(
      sandbox.url,
      "/api/v2/sale/1111",
      signedSaleBody({ endpointId: "1111", controlKey: "WRONG" }, id),
    );
    expect(refused.status).toBe(400);
    const listed = async (query: string) =>
      ((await (await fetch(`${sandbox.url}/_admin/requests?${query}`)).json()) as { requests: ReceivedRequest[] })
        .requests;
    const mine = await listed(`client_orderid=${id}`);
    expect(mine.map((r) => [r.operation, r.orderid, r.http_status])).toEqual([
      ["sale", orderid, 200],
      ["sale", orderid, 400],
    ]);
    expect(mine[0]?.fields["credit_card_number"]).toBe("411111******1111");
    expect(JSON.stringify(mine)).not.toMatch(/4111111111111111|control":/);
    expect(mine).toEqual(sandbox.requests({ client_orderid: id }));
    expect(await listed(`orderid=${orderid}&operation=sale`)).toEqual(mine);
    expect(await listed(`client_orderid=${id}&operation=status`)).toEqual([]);
  });

  it("refuses a field it does not know, naming it, as sandbox.requests() does", async () => {
    const reply = await fetch(`${sandbox.url}/_admin/requests?clientOrderId=x`);
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as Record<string, unknown>)["error-message"]).toBe(
      "requests: unknown field 'clientOrderId': use client_orderid, orderid, operation",
    );
    expect(() => sandbox.requests({ clientOrderId: "x" } as never)).toThrow(
      "requests: unknown field 'clientOrderId': use client_orderid, orderid, operation",
    );
  });
});
