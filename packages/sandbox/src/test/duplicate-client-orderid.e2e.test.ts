import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { postForm, type RawReply, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

// Two sandboxes: `sandbox` with the duplicate rule "replay" (the sandbox's own choice), and
// `strict` with the default, "new-order": a resend is processed again.
let sandbox: Sandbox;
let strict: Sandbox;
const agent = new Agent({ keepAlive: true, maxSockets: 50 });
beforeAll(async () => {
  [sandbox, strict] = await Promise.all([
    startSandbox({ latencyMs: 5, settleDelayMs: Infinity, duplicateClientOrderId: "replay" }),
    startSandbox({ latencyMs: 5, settleDelayMs: Infinity }),
  ]);
});
afterAll(async () => {
  agent.destroy();
  await Promise.all([sandbox.close(), strict.close()]);
});

const cards = ["4111111111111111", "5555555555554444", "4000000000000002", "4012888888881881", "5105105105105100"];
const saleTo = (to: Sandbox, id: string, overrides: Record<string, string> = {}) =>
  postForm(
    to.url,
    "/api/v2/sale/1111",
    signedSaleBody({ endpointId: "1111", controlKey: to.controlKey }, id, overrides),
    agent,
  );
const sale = (id: string, overrides: Record<string, string> = {}) => saleTo(sandbox, id, overrides);
/** A status body signed with node:crypto: `control` = SHA-1 of login + client_orderid + orderid + control key. */
function signedStatusBody(to: Sandbox, fields: Record<string, string>): Record<string, string> {
  const terms = `${to.login}${fields["client_orderid"] ?? ""}${fields["orderid"] ?? ""}${to.controlKey}`;
  return { login: to.login, ...fields, control: createHash("sha1").update(terms).digest("hex") };
}
const bodyOf = (reply: RawReply) => JSON.parse(reply.text) as Record<string, unknown>;

async function ordersWithClientId(id: string, at: Sandbox = sandbox): Promise<unknown[]> {
  const response = await fetch(`${at.url}/_admin/orders?limit=500&q=${encodeURIComponent(id)}`);
  const { orders } = (await response.json()) as { orders: Array<{ client_orderid: string }> };
  return orders.filter((o) => o.client_orderid === id);
}

describe("the default rule, new-order: a resend is a new request, processed again", () => {
  it("makes a second order of an identical resend, and the request log shows both sales", async () => {
    const id = orderId("twice");
    const first = bodyOf(await saleTo(strict, id));
    const again = bodyOf(await saleTo(strict, id));
    expect(again["paynet-order-id"]).not.toBe(first["paynet-order-id"]);
    expect(await ordersWithClientId(id, strict)).toHaveLength(2);
    const sales = strict.requests({ client_orderid: id, operation: "sale" });
    expect(sales.map((r) => [r.orderid, r.http_status])).toEqual([
      [first["paynet-order-id"], 200],
      [again["paynet-order-id"], 200],
    ]);
  });

  it("makes a second order of a different request with the same client_orderid too", async () => {
    const id = orderId("other");
    const first = bodyOf(await saleTo(strict, id));
    const other = await saleTo(strict, id, { credit_card_number: "5555555555554444" });
    expect(other.status).toBe(200);
    expect(bodyOf(other)["paynet-order-id"]).not.toBe(first["paynet-order-id"]);
  });

  it("refuses a status by client_orderid alone once it names two orders, and answers each by its orderid", async () => {
    const id = orderId("status");
    const first = String(bodyOf(await saleTo(strict, id))["paynet-order-id"]);
    const again = String(bodyOf(await saleTo(strict, id))["paynet-order-id"]);
    const status = (fields: Record<string, string>) =>
      postForm(strict.url, "/api/v2/status/1111", signedStatusBody(strict, fields), agent);
    const alone = await status({ client_orderid: id });
    expect(alone.status).toBe(400);
    expect(bodyOf(alone)["error-code"]).toBe(3);
    expect(bodyOf(alone)["error-message"]).toBe(
      `client_orderid '${id}' is not unique on endpoint 1111: orders ${first}, ${again} carry it; send orderid to name one`,
    );
    const named = await status({ client_orderid: id, orderid: again });
    expect(named.status).toBe(200);
    expect(bodyOf(named)["paynet-order-id"]).toBe(again);
  });

  it("makes 50 orders of 50 identical requests sent at once", async () => {
    const id = orderId("same50");
    const replies = await Promise.all(Array.from({ length: 50 }, () => saleTo(strict, id)));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(new Set(replies.map((r) => bodyOf(r)["paynet-order-id"])).size).toBe(50);
    expect(strict.requests({ client_orderid: id })).toHaveLength(50);
  });
});

describe("duplicateClientOrderId replay: the same request is a replay, a different one is refused", () => {
  it("refuses a second sale with the same client_orderid and amount but another card, naming the field", async () => {
    const id = orderId("dup");
    expect((await sale(id)).status).toBe(200);
    const second = await sale(id, { credit_card_number: "5555555555554444" });
    expect(second.status).toBe(400);
    expect(String(bodyOf(second)["error-message"])).toMatch(
      new RegExp(
        `^client_orderid '${id}' is already used by order [0-9]+ \\(sale\\), created by a different request \\(differs in: credit_card_number\\)`,
      ),
    );
    expect(second.text).not.toContain("5555555555554444");
    expect(await ordersWithClientId(id)).toHaveLength(1);
  });

  it("replays a request sent again with its fields in another order", async () => {
    const id = orderId("dup");
    const fields = signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, id);
    const first = bodyOf(await postForm(sandbox.url, "/api/v2/sale/1111", fields, agent));
    const reversed = Object.fromEntries(Object.entries(fields).reverse());
    const again = await postForm(sandbox.url, "/api/v2/sale/1111", reversed, agent);
    expect(again.status).toBe(200);
    expect(bodyOf(again)["paynet-order-id"]).toBe(first["paynet-order-id"]);
  });

  it("replays a retry whose values differ only in leading and trailing whitespace, and refuses one that differs inside", async () => {
    const id = orderId("dup");
    const first = bodyOf(await sale(id, { order_desc: "Two mugs", first_name: "John" }));
    const again = await sale(id, { order_desc: "  Two mugs \n", first_name: "John\t" });
    expect(again.status).toBe(200);
    expect(bodyOf(again)["paynet-order-id"]).toBe(first["paynet-order-id"]);
    const other = await sale(id, { order_desc: "Two  mugs", first_name: "John" });
    expect(other.status).toBe(400);
    expect(String(bodyOf(other)["error-message"])).toMatch(/differs in: order_desc\)/);
    expect(await ordersWithClientId(id)).toHaveLength(1);
  });

  it("creates exactly one order from 50 different requests sent at once with one client_orderid", async () => {
    const id = orderId("dup50");
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sale(id, { credit_card_number: cards[i % cards.length] ?? "", order_desc: `attempt ${i}` }),
      ),
    );
    const accepted = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 400);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const reply of refused)
      expect(String(bodyOf(reply)["error-message"])).toMatch(
        /is already used by order [0-9]+ \(sale\), created by a different request \(differs in: .*order_desc/,
      );
    expect(await ordersWithClientId(id)).toHaveLength(1);
  });

  it("answers 50 identical requests sent at once with the same single order", async () => {
    const id = orderId("same50");
    const replies = await Promise.all(Array.from({ length: 50 }, () => sale(id)));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const orderIds = new Set(replies.map((r) => bodyOf(r)["paynet-order-id"]));
    expect(orderIds.size).toBe(1);
    expect(await ordersWithClientId(id)).toHaveLength(1);
    // The request log shows the 50 sales all the same: each replayed one order.
    expect(new Set(sandbox.requests({ client_orderid: id }).map((r) => r.orderid))).toEqual(orderIds);
  });
});

describe("duplicateClientOrderId replay across a restart on a data directory", () => {
  it("replays the same request to the order made before the restart, and refuses a different one naming the field", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "replay-restart-"));
    const options = { latencyMs: 5, settleDelayMs: Infinity, duplicateClientOrderId: "replay", dataDir } as const;
    const id = orderId("restart");
    try {
      const before = await startSandbox(options);
      const first = bodyOf(await saleTo(before, id));
      await before.close();
      const after = await startSandbox(options);
      try {
        expect(bodyOf(await saleTo(after, id))["paynet-order-id"]).toBe(first["paynet-order-id"]);
        expect(String(bodyOf(await saleTo(after, id, { amount: "10.43" }))["error-message"])).toMatch(
          /created by a different request \(differs in: amount\)/,
        );
        expect(await ordersWithClientId(id, after)).toHaveLength(1);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
