import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signOAuth } from "@card-processing/signing";
import { operationById, readReply } from "@card-processing/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../index.js";
import { everyAdminOrder } from "./admin-orders.testlib.js";
import {
  approvedOrder,
  dataOf,
  type Fixture,
  gatewayFor,
  orderId,
  paymentBody,
  startFixture,
} from "./sandbox-fixture.testlib.js";

// get-balance end to end: the SDK's named method against the sandbox, which answers from its
// approved orders, read by the one reply reader in both reply forms.
let f: Fixture;
beforeAll(async () => {
  f = await startFixture({ classicReplies: true, endpointIds: [1111, 2222] });
});
afterAll(async () => {
  await f.sandbox.close();
});

const entry = operationById("getBalance");

async function balance(gateway = f.gateway): Promise<number | undefined> {
  const data = dataOf(await gateway.getBalance({ "balance-provider": "Test" }));
  expect(data).toHaveLength(1);
  return data[0]?.["balance-amount"];
}

/** An approved sale of `amount` in `currency`, through `gateway`. */
function approvedSale(gateway = f.gateway, currency = "USD", amount = "10.42") {
  return approvedOrder(gateway, "sale", { ...paymentBody(orderId("bal"), undefined, amount), currency });
}

/** get-balance sent by hand, OAuth-signed, with or without the vendor Accept. */
async function rawBalance(accept: string | undefined, body: Record<string, string> = { "balance-provider": "Test" }) {
  const url = `${f.sandbox.url}/api/v2/get-balance/1111`;
  const params = new URLSearchParams(body);
  const { authorization } = await signOAuth(
    { scheme: "oauth-hmac-sha1", consumerKey: f.sandbox.login, controlKey: f.sandbox.controlKey },
    { method: "POST", url, body: params },
  );
  const headers: Record<string, string> = { authorization, "content-type": "application/x-www-form-urlencoded" };
  if (accept !== undefined) headers["accept"] = accept;
  const response = await fetch(url, { method: "POST", headers, body: params });
  return { text: await response.text(), contentType: response.headers.get("content-type") };
}

describe("get-balance against the sandbox", () => {
  it("is 0 with no orders, rises by an approved sale's amount and falls by its return", async () => {
    expect(await balance()).toBe(0);
    const sale = await approvedSale();
    expect(await balance()).toBe(10.42);
    dataOf(await f.gateway.return({ ...sale, amount: "1.50", currency: "USD", comment: "balance test" }));
    expect(dataOf(await f.gateway.waitForFinalStatus(sale)).status).toBe("approved");
    expect(await balance()).toBe(8.92);
  });

  it("reads the same list from the classic form and the JSON form", async () => {
    const json = await rawBalance("application/vnd.pay+json");
    const classic = await rawBalance(undefined);
    expect(json.text).toMatch(/^\[\{"balance-amount":[0-9.]+\}\]$/);
    expect(classic.text).toMatch(/^balance-amount=[0-9.]+\n$/);
    const fromJson = readReply(entry, json.text, json.contentType);
    const fromClassic = readReply(entry, classic.text, classic.contentType);
    expect(fromJson?.form).toBe("json");
    expect(fromClassic?.form).toBe("classic");
    expect(fromClassic?.body).toEqual(fromJson?.body);
    expect(fromJson?.body).toEqual([{ "balance-amount": await balance() }]);
  });

  it("refuses in one object, in either form, a request without balance-provider", async () => {
    for (const accept of ["application/vnd.pay+json", undefined]) {
      const reply = await rawBalance(accept, {});
      const read = readReply(entry, reply.text, reply.contentType);
      expect(Array.isArray(read?.body)).toBe(false);
      expect(read?.body).toMatchObject({ type: "validation-error" });
    }
  });

  it("moves no money: a lost reply is recovered as not applied, and asked again", async () => {
    f.sandbox.faults.next({ kind: "reset-after", operation: "getBalance" });
    const lost = await f.gateway.getBalance({ "balance-provider": "Test" });
    expect(lost.error?.outcome).toBe("unknown");
    if (lost.error === undefined) throw new Error("the reply was not lost");
    expect(dataOf(await f.gateway.recover(lost.error)).applied).toBe(false);
    expect(await balance()).toBe(8.92);
  });

  it("refuses an endpoint that holds money in two currencies, naming them", async () => {
    const other = gatewayFor(f.sandbox, { endpointId: 2222 });
    await approvedSale(other, "USD", "5.00");
    expect(await balance(other)).toBe(5);
    await approvedSale(other, "EUR", "2.00");
    const { error } = await other.getBalance({ "balance-provider": "Test" });
    expect(error?.name).toBe("ValidationError");
    expect(error?.message).toContain("EUR, USD");
    // Endpoint 1111's balance is its own.
    expect(await balance()).toBe(8.92);
  });
});

describe("get-balance past the sandbox's retention", () => {
  it("keeps the money of the orders maxOrders forgot in the balance, across a restart of a data directory", async () => {
    const dir = await mkdtemp(join(tmpdir(), "balance-"));
    const options = { maxOrders: 1, latencyMs: 1, settleDelayMs: Number.POSITIVE_INFINITY, dataDir: dir };
    try {
      const sandbox = await startSandbox(options);
      const gateway = gatewayFor(sandbox, { polling: { firstDelayMs: [5, 10], giveUpAfterUnchangedMs: 5_000 } });
      // One past the trim's slack (100 orders over maxOrders): the oldest final ones are forgotten.
      // The last sale goes alone, once every other one is final and read: the trim it sets off may
      // forget any final order, one whose status a concurrent sale's client was still waiting for too.
      const sales = 102;
      const sale = () => approvedOrder(gateway, "sale", paymentBody(orderId("kept"), undefined, "1.00"));
      for (let i = 0; i < sales - 1; i += 17)
        await Promise.all(Array.from({ length: Math.min(17, sales - 1 - i) }, sale));
      await sale();
      const held = await everyAdminOrder(sandbox.url);
      expect(held.length).toBeLessThan(sales);
      expect(await balance(gateway)).toBe(102);
      await sandbox.close();
      const again = await startSandbox(options);
      try {
        const restarted = gatewayFor(again);
        expect(await balance(restarted)).toBe(102);
        // A reset forgets the carried money with the orders.
        await fetch(`${again.url}/_admin/reset`, { method: "POST" });
        expect(await balance(restarted)).toBe(0);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
