import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { postForm, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function sale(s: Sandbox): Promise<string> {
  const reply = await postForm(
    s.url,
    "/api/v2/sale/1111",
    signedSaleBody({ endpointId: "1111", controlKey: s.controlKey }, orderId("keep")),
  );
  return String((JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"]);
}

function allOrderIds(s: Sandbox): string[] {
  const ids: string[] = [];
  let page = s.orders({ limit: 500 });
  ids.push(...page.orders.map((o) => o.orderid));
  while (page.nextCursor !== undefined) {
    page = s.orders({ limit: 500, cursor: page.nextCursor });
    ids.push(...page.orders.map((o) => o.orderid));
  }
  return ids;
}

describe("maxOrders", () => {
  it("forgets the oldest final orders with their requests once past the limit, and keeps the newest", async () => {
    const s = await startSandbox({ clock: "manual", latencyMs: 10, maxOrders: 100 });
    sandbox = s;
    const made: string[] = [];
    for (let i = 0; i < 150; i++) made.push(await sale(s));
    // All still processing: none may be forgotten.
    expect(allOrderIds(s)).toHaveLength(150);
    await s.clock.advance(1_000);
    for (let i = 0; i < 60; i++) made.push(await sale(s));
    const kept = allOrderIds(s);
    // 210 orders, a limit of 100 and a slack of 100: one trim, at the 201st, back to 100 (+9 since).
    expect(kept).toHaveLength(109);
    expect(kept[0]).toBe(made.at(-1));
    expect(kept).toContain(made[150]);
    expect(kept).not.toContain(made[0]);
    const gone = await fetch(`${s.url}/_admin/orders/${made[0] ?? ""}`);
    expect(gone.status).toBe(400);
    const detail = (await (await fetch(`${s.url}/_admin/orders/${made.at(-1) ?? ""}`)).json()) as {
      requests: unknown[];
    };
    expect(detail.requests).toHaveLength(1);
  });

  it("refuses a maxOrders that is not a whole number from 1", async () => {
    await expect(startSandbox({ maxOrders: 0 })).rejects.toThrow(/maxOrders: expected a whole number from 1/);
  });
});
