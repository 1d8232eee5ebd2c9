import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrderPageQueryError, type Sandbox, startSandbox } from "../index.js";
import { postForm, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

let sandbox: Sandbox;
const made: Array<{ orderid: string; clientOrderId: string }> = [];
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 5, settleDelayMs: Infinity });
  for (let i = 0; i < 3; i++) {
    const clientOrderId = orderId("page");
    const reply = await postForm(
      sandbox.url,
      "/api/v2/sale/1111",
      signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, clientOrderId),
    );
    made.push({
      orderid: String((JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"]),
      clientOrderId,
    });
  }
});
afterAll(async () => {
  await sandbox.close();
});

interface Page {
  readonly orders: Array<{ orderid: string; client_orderid: string }>;
  readonly next_cursor: string | null;
}

async function page(query: string): Promise<{ status: number; body: Page & Record<string, unknown> }> {
  const response = await fetch(`${sandbox.url}/_admin/orders${query}`);
  return { status: response.status, body: (await response.json()) as Page & Record<string, unknown> };
}

describe("GET /paynet/_admin/orders pages", () => {
  it("gives the newest orders first and a cursor that leads to the rest", async () => {
    const first = await page("?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.orders.map((o) => o.orderid)).toEqual([made[2]?.orderid, made[1]?.orderid]);
    const second = await page(`?limit=2&cursor=${first.body.next_cursor ?? ""}`);
    expect(second.body.orders.map((o) => o.orderid)).toEqual([made[0]?.orderid]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("searches either id and filters by status on the server", async () => {
    const byClientId = await page(`?q=${made[1]?.clientOrderId ?? ""}`);
    expect(byClientId.body.orders.map((o) => o.orderid)).toEqual([made[1]?.orderid]);
    const byOrderId = await page(`?q=${made[0]?.orderid ?? ""}`);
    expect(byOrderId.body.orders.map((o) => o.client_orderid)).toEqual([made[0]?.clientOrderId]);
    expect((await page("?status=declined")).body.orders).toEqual([]);
  });

  it("refuses a malformed limit with 400 naming the field", async () => {
    const refused = await page("?limit=9999");
    expect(refused.status).toBe(400);
    expect(refused.body["error-message"]).toMatch(/field 'limit'/);
  });

  it("pages the same way in code, and refuses a bad query there too", () => {
    const first = sandbox.orders({ limit: 1 });
    expect(first.orders.map((o) => o.orderid)).toEqual([made[2]?.orderid]);
    expect(sandbox.orders({ limit: 5, cursor: first.nextCursor ?? "" }).orders).toHaveLength(2);
    expect(() => sandbox.orders({ limit: 0 })).toThrow(OrderPageQueryError);
  });

  it("pages the same way from the CLI", async () => {
    const { stdout } = await promisify(execFile)(cli, ["orders", "--url", sandbox.url, "--limit", "1"]);
    const printed = JSON.parse(stdout) as Page;
    expect(printed.orders.map((o) => o.orderid)).toEqual([made[2]?.orderid]);
    expect(printed.next_cursor).toBe(made[2]?.orderid);
  });
});
