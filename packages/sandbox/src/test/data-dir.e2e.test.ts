import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirError, startSandbox } from "../index.js";
import { adminGet, LATENCY_MS, startManualFixture } from "./manual-clock.testlib.js";
import { dataOf, type Fixture, orderId, paymentBody, type Receiver, startReceiver } from "./sandbox-fixture.testlib.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const RETRY_MS = 60_000;

let dir: string;
let receiver: Receiver;
const open: Fixture[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "sandbox-data-"));
  // The shop's callback endpoint is down for the first two deliveries.
  receiver = await startReceiver([500, 500]);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((f) => f.sandbox.close()));
  await receiver.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startManualFixture>[0] = {}): Promise<Fixture> {
  const f = await startManualFixture({
    dataDir: dir,
    callbackRetry: { attempts: 5, initialDelayMs: RETRY_MS, factor: 1, maxDelayMs: RETRY_MS },
    ...options,
  });
  open.push(f);
  return f;
}

async function stop(f: Fixture): Promise<void> {
  open.splice(open.indexOf(f), 1);
  await f.sandbox.close();
}

/** Charges the stored card `cardRefId` 5.00 USD. */
function rebillOf(f: Fixture, cardRefId: string, description: string) {
  return f.gateway.makeRebill({
    client_orderid: orderId("rb"),
    cardrefid: cardRefId,
    amount: "5.00",
    currency: "USD",
    order_desc: description,
    ipaddress: "65.153.12.232",
  });
}

type Deliveries = { callbacks: Array<{ orderid: string; state: string; attempts: unknown[] }> };

describe("a sandbox with a data directory", () => {
  it("goes on after a restart: orders, card references, events, pending work, callback retries, subscriptions and the clock", async () => {
    const first = await start({ controlKey: "DATA-DIR-KEY" });
    const callbackUrl = `${receiver.url}/cb`;
    const saleId = orderId("dd");
    const saleBody = { ...paymentBody(saleId), server_callback_url: callbackUrl };
    const sale = dataOf(await first.gateway.sale(saleBody));
    await first.sandbox.clock.advance(LATENCY_MS);
    const ref = dataOf(await first.gateway.createCardRef({ client_orderid: saleId, orderid: sale["paynet-order-id"] }));
    const charged = dataOf(await first.gateway.sale(paymentBody(orderId("cb"))));
    await first.sandbox.clock.advance(LATENCY_MS);
    await first.sandbox.trigger(charged["paynet-order-id"], { type: "chargeback" });
    const subscription = dataOf(
      await first.gateway.createRecurringPaymentV4({
        rp_card_type: "DST",
        "client-orderid": orderId("rp"),
        order_desc: "Daily plan",
        amount: "9.99",
        currency: "EUR",
        period: "day",
        interval: 1,
        "card-printed-name": "JOHN SMITH",
        "credit-card-number": "4111111111111111",
        "expire-month": "12",
        "expire-year": "2030",
      }),
    );
    await first.sandbox.clock.advance(LATENCY_MS);
    // Still processing when the sandbox stops.
    const pending = dataOf(await first.gateway.sale(paymentBody(orderId("pd"))));
    const stoppedAt = first.sandbox.clock.now().getTime();
    expect(receiver.requests).toHaveLength(1);
    await stop(first);

    const second = await start({ duplicateClientOrderId: "replay" });
    expect(second.sandbox.controlKey).toBe("DATA-DIR-KEY");
    expect(second.sandbox.clock.now().getTime()).toBe(stoppedAt);
    expect(
      dataOf(await second.gateway.status({ client_orderid: saleId, orderid: sale["paynet-order-id"] })).status,
    ).toBe("approved");
    // With "replay", the same request again is a replay of the stored order (its fingerprint kept), not a conflict.
    expect(dataOf(await second.gateway.sale(saleBody))["paynet-order-id"]).toBe(sale["paynet-order-id"]);
    const events = await adminGet<{ events: Array<{ orderid: string; type: string }> }>(second, "events");
    expect(events.events.map((e) => [e.orderid, e.type])).toEqual([[charged["paynet-order-id"], "chargeback"]]);

    const rebill = dataOf(await rebillOf(second, ref["card-ref-id"], "After the restart"));
    await second.sandbox.clock.advance(LATENCY_MS);
    for (const orderid of [pending["paynet-order-id"], rebill["paynet-order-id"]]) {
      expect(second.sandbox.orders({ q: orderid }).orders[0]?.status).toBe("approved");
    }
    expect(Number(rebill["paynet-order-id"])).toBeGreaterThan(Number(pending["paynet-order-id"]));

    // The callback retry planned before the restart goes on: the second attempt fails, the third is answered 200.
    await second.sandbox.clock.advance(2 * RETRY_MS);
    const delivery = (await adminGet<Deliveries>(second, "callbacks")).callbacks.find(
      (d) => d.orderid === sale["paynet-order-id"],
    );
    expect(delivery).toMatchObject({ state: "delivered" });
    expect(delivery?.attempts).toHaveLength(3);
    expect(receiver.requests).toHaveLength(3);

    await second.sandbox.clock.advance(DAY_MS);
    const subscriptions = await adminGet<{
      "recurring-payments": Array<{ "recurring-payment-id": string; charges: Array<{ status: string }> }>;
    }>(second, "recurring-payments");
    const charges = subscriptions["recurring-payments"].find(
      (s) => s["recurring-payment-id"] === String(subscription["recurring-payment-id"]),
    )?.charges;
    expect(charges?.map((c) => c.status)).toEqual(["approved", "approved"]);
  });

  it("deletes the orders --max-orders forgets, and keeps their card references, across a restart", async () => {
    const first = await start({ maxOrders: 100 });
    const saleId = orderId("mo");
    const sale = dataOf(await first.gateway.sale(paymentBody(saleId)));
    await first.sandbox.clock.advance(LATENCY_MS);
    const ref = dataOf(await first.gateway.createCardRef({ client_orderid: saleId, orderid: sale["paynet-order-id"] }));
    // The book is trimmed back to 100 once it holds 1% more, at least 100 more.
    for (let n = 0; n < 201; n++) dataOf(await first.gateway.sale(paymentBody(orderId("fill"))));
    await first.sandbox.clock.advance(LATENCY_MS);
    dataOf(await first.gateway.sale(paymentBody(orderId("trim"))));
    expect(first.sandbox.orders({ q: sale["paynet-order-id"] }).orders).toEqual([]);
    await stop(first);

    const second = await start({ maxOrders: 100 });
    expect(second.sandbox.orders({ q: sale["paynet-order-id"] }).orders).toEqual([]);
    expect(second.sandbox.orders({ limit: 500 }).orders.length).toBeLessThanOrEqual(102);
    const rebill = dataOf(await rebillOf(second, ref["card-ref-id"], "After the first order was forgotten"));
    expect(rebill.status).toBe("processing");
  });

  it("forgets everything on reset, also after a restart", async () => {
    const first = await start();
    dataOf(await first.gateway.sale(paymentBody(orderId("rs"))));
    first.sandbox.reset();
    await stop(first);
    const second = await start();
    expect(second.sandbox.orders().orders).toEqual([]);
  });

  it("refuses a data directory that a running sandbox holds, naming it", async () => {
    await start();
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(
      new RegExp(`dataDir: ${dir.replaceAll("/", "\\/")} is in use by the sandbox with process id ${process.pid}`),
    );
  });

  it("refuses a stray sandbox.db that is not a database, naming the file and the fix, and leaves no lock", async () => {
    const file = join(dir, "sandbox.db");
    await writeFile(file, "not a database: a stray file someone left here, longer than a SQLite header".repeat(4));
    const refused = await startSandbox({ dataDir: dir }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirError);
    expect((refused as Error).message).toBe(
      `dataDir: ${file} is not a sandbox database (SQLite: file is not a database); ` +
        "move that file away (the sandbox then starts afresh in its directory) or choose another data directory",
    );
    expect((await readdir(dir)).sort()).toEqual(["sandbox.db"]);
    // Moved away, the directory starts afresh.
    await rm(file);
    const fresh = await start();
    expect(fresh.sandbox.orders().orders).toEqual([]);
  });

  it("refuses a truncated copy of a sandbox database, naming the file, and leaves no lock", async () => {
    const first = await start();
    for (let n = 0; n < 40; n++) dataOf(await first.gateway.sale(paymentBody(orderId("tr"))));
    await stop(first);
    const file = join(dir, "sandbox.db");
    const { size } = await stat(file);
    expect(size).toBeGreaterThan(8_192);
    await truncate(file, 4_096);
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(
      new RegExp(
        `^dataDir: ${file.replaceAll("/", "\\/")} is not a sandbox database \\(SQLite: .+\\); move that file away`,
      ),
    );
    expect(existsSync(join(dir, "sandbox.db.lock"))).toBe(false);
    expect(existsSync(join(dir, "sandbox.pid"))).toBe(false);
  });

  it("refuses an empty dataDir before it starts", async () => {
    await expect(startSandbox({ dataDir: " " })).rejects.toThrow(/dataDir: expected the path of a directory/);
  });
});
