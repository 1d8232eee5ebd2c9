import { parseCallback } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { occurrenceAt } from "../engine/recurring/recurring-charges.js";
import { adminGet, startManualFixture } from "./manual-clock.testlib.js";
import { dataOf, type Fixture, orderId, type Receiver, startReceiver } from "./sandbox-fixture.testlib.js";

const DAY_MS = 24 * 60 * 60 * 1000;

let f: Fixture;
let receiver: Receiver;
beforeAll(async () => {
  [f, receiver] = await Promise.all([startManualFixture(), startReceiver()]);
});
afterAll(async () => {
  await Promise.all([f.sandbox.close(), receiver.close()]);
});

function subscription(clientOrderId: string, card: string, extra: Record<string, string | number> = {}) {
  return {
    rp_card_type: "DST" as const,
    "client-orderid": clientOrderId,
    order_desc: "Daily plan",
    amount: "9.99",
    currency: "EUR",
    period: "day" as const,
    interval: 2,
    "card-printed-name": "JOHN SMITH",
    "credit-card-number": card,
    "expire-month": "12",
    "expire-year": "2030",
    "server-callback-url": `${receiver.url}/subscription`,
    ...extra,
  };
}

type Listed = Array<{
  "recurring-payment-id": string;
  active: boolean;
  next_charge_at: string | null;
  charges: Array<{ orderid: string; client_orderid: string; status: string; due: string }>;
}>;

describe("recurring payments", () => {
  it("charge on their schedule as the clock passes, each charge an order with its own id, status and callback", async () => {
    const id = orderId("rp");
    const created = dataOf(await f.gateway.createRecurringPaymentV4(subscription(id, "4111111111111111")));
    const rpId = String(created["recurring-payment-id"]);
    await f.sandbox.clock.advance(5 * DAY_MS);
    const listed = (await adminGet<{ "recurring-payments": Listed }>(f, "recurring-payments"))["recurring-payments"];
    const mine = listed.find((s) => s["recurring-payment-id"] === rpId);
    expect(mine?.charges.map((c) => [c.client_orderid, c.status])).toEqual([
      [`${id}-1`, "approved"],
      [`${id}-2`, "approved"],
      [`${id}-3`, "approved"],
    ]);
    const dues = mine?.charges.map((c) => Date.parse(c.due)) ?? [];
    expect([(dues[1] ?? 0) - (dues[0] ?? 0), (dues[2] ?? 0) - (dues[1] ?? 0)]).toEqual([2 * DAY_MS, 2 * DAY_MS]);
    expect(Date.parse(mine?.next_charge_at ?? "") - (dues[2] ?? 0)).toBe(2 * DAY_MS);
    expect(new Set(mine?.charges.map((c) => c.orderid)).size).toBe(3);
    const callbacks = receiver.requests
      .map((r) => new URL(r.url, receiver.url).searchParams)
      .filter((q) => q.get("client_orderid")?.startsWith(`${id}-`));
    expect(callbacks).toHaveLength(3);
    for (const query of callbacks)
      expect(await parseCallback(query, f.sandbox.controlKey)).toMatchObject({
        status: "approved",
        unsigned: { amount: "9.99", currency: "EUR" },
      });
  });

  it("start on the given start date", async () => {
    const start = new Date(Date.parse((await adminGet(f, "clock"))["now"] as string) + 3 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const created = dataOf(
      await f.gateway.createRecurringPaymentV4(
        subscription(orderId("rp"), "4111111111111111", { "start-date": start, period: "week", interval: 1 }),
      ),
    );
    const listed = (await adminGet<{ "recurring-payments": Listed }>(f, "recurring-payments"))["recurring-payments"];
    const mine = listed.find((s) => s["recurring-payment-id"] === String(created["recurring-payment-id"]));
    expect(mine?.next_charge_at).toBe(`${start}T00:00:00.000Z`);
    expect(mine?.charges).toEqual([]);
  });

  it("never charge when the subscription was declined", async () => {
    const created = dataOf(await f.gateway.createRecurringPaymentV4(subscription(orderId("rp"), "4000000000000002")));
    await f.sandbox.clock.advance(10 * DAY_MS);
    const listed = (await adminGet<{ "recurring-payments": Listed }>(f, "recurring-payments"))["recurring-payments"];
    const mine = listed.find((s) => s["recurring-payment-id"] === String(created["recurring-payment-id"]));
    expect(mine).toMatchObject({ active: false, next_charge_at: null, charges: [] });
  });
});

describe("occurrenceAt", () => {
  it("follows the calendar for months, falling on the last day of shorter months", () => {
    const jan31 = Date.UTC(2026, 0, 31, 12);
    expect(new Date(occurrenceAt(jan31, "month", 1, 1)).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(new Date(occurrenceAt(jan31, "month", 1, 2)).toISOString()).toBe("2026-03-31T12:00:00.000Z");
    expect(new Date(occurrenceAt(jan31, "month", 3, 4)).toISOString()).toBe("2027-01-31T12:00:00.000Z");
    expect(occurrenceAt(jan31, "week", 2, 3) - jan31).toBe(42 * 24 * 60 * 60 * 1000);
  });
});
