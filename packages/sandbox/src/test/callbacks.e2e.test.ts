import { parseCallback } from "@card-processing/client";
import { verifyCallback } from "@card-processing/signing";
import { describe, expect, it } from "vitest";
import type { CallbackDelivery } from "../index.js";
import { dataOf, eventually, fixtureForFile, orderId, paymentBody, startReceiver } from "./sandbox-fixture.testlib.js";

const f = fixtureForFile({ callbackRetry: { attempts: 4, initialDelayMs: 20, factor: 2, maxDelayMs: 100 } });

async function adminCallbacks(orderid: string): Promise<CallbackDelivery[]> {
  const response = await fetch(`${f.sandbox.url}/_admin/callbacks?orderid=${orderid}`);
  return ((await response.json()) as { callbacks: CallbackDelivery[] }).callbacks;
}

describe("callbacks", () => {
  it("retries a callback with backoff until the merchant answers 200, and signs it", async () => {
    const receiver = await startReceiver([500, 503]);
    try {
      const id = orderId("cb");
      const ack = dataOf(
        await f.gateway.sale({ ...paymentBody(id), server_callback_url: `${receiver.url}/callback?shop=1` }),
      );
      const orderid = ack["paynet-order-id"];
      await eventually(async () => (await adminCallbacks(orderid))[0]?.state === "delivered");
      const [delivery] = await adminCallbacks(orderid);
      expect(delivery?.attempts.map((a) => a.httpStatus)).toEqual([500, 503, 200]);
      expect(receiver.requests).toHaveLength(3);
      expect(receiver.requests.every((r) => r.method === "GET")).toBe(true);
      const query = new URL(receiver.requests[2]?.url ?? "", receiver.url).searchParams;
      expect(query.get("shop")).toBe("1");
      const callback = await parseCallback(query, f.sandbox.controlKey);
      expect(callback).toMatchObject({
        status: "approved",
        orderid,
        client_orderid: id,
        unsigned: { merchant_order: id, type: "sale", amount: "10.42", currency: "USD" },
      });
      expect(await verifyCallback(query, "some-other-key")).toMatchObject({ ok: false });
      expect(f.log.some((line) => line.includes(`callback order=${orderid}`) && line.includes("retrying"))).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("gives up after the configured number of attempts", async () => {
    const receiver = await startReceiver([500, 500, 500, 500, 500, 500, 500]);
    try {
      const id = orderId("cb");
      const ack = dataOf(
        await f.gateway.sale({ ...paymentBody(id, "4000000000000002"), server_callback_url: `${receiver.url}/cb` }),
      );
      await eventually(async () => (await adminCallbacks(ack["paynet-order-id"]))[0]?.state === "failed");
      await new Promise((r) => setTimeout(r, 150));
      expect(receiver.requests).toHaveLength(4);
      const query = new URL(receiver.requests[0]?.url ?? "", receiver.url).searchParams;
      expect(query.get("status")).toBe("declined");
      expect(query.get("error_message")).toMatch(/Declined/);
    } finally {
      await receiver.close();
    }
  });

  it("calls back again for a capture and a return, each with its type", async () => {
    const receiver = await startReceiver();
    try {
      const id = orderId("cb");
      const ack = dataOf(await f.gateway.preauth({ ...paymentBody(id), server_callback_url: `${receiver.url}/cb` }));
      const ref = { client_orderid: id, orderid: ack["paynet-order-id"] };
      await f.gateway.waitForFinalStatus(ref);
      await f.gateway.capture({ ...ref, amount: "4.00", currency: "USD" });
      await f.gateway.waitForFinalStatus(ref);
      await eventually(() => receiver.requests.length === 2);
      await f.gateway.return({ ...ref, amount: "1.50", currency: "USD", comment: "x" });
      await eventually(() => receiver.requests.length === 3);
      const types = receiver.requests.map((r) => new URL(r.url, receiver.url).searchParams);
      expect(types.map((q) => [q.get("type"), q.get("amount")])).toEqual([
        ["preauth", "10.42"],
        ["capture", "4.00"],
        ["reversal", "1.50"],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("lists callbacks in the admin API and the order detail without the control value", async () => {
    const receiver = await startReceiver();
    try {
      const ack = dataOf(
        await f.gateway.sale({ ...paymentBody(orderId("cb")), server_callback_url: `${receiver.url}/cb?shop=1` }),
      );
      const orderid = ack["paynet-order-id"];
      await eventually(async () => (await adminCallbacks(orderid))[0]?.state === "delivered");
      const control = new URL(receiver.requests[0]?.url ?? "", receiver.url).searchParams.get("control") ?? "";
      expect(control).toMatch(/^[0-9a-f]{40}$/);
      const listed = await (await fetch(`${f.sandbox.url}/_admin/callbacks?orderid=${orderid}`)).text();
      const detail = await (await fetch(`${f.sandbox.url}/_admin/orders/${orderid}`)).text();
      for (const shown of [listed, detail]) {
        expect(shown).not.toContain(control);
        expect(shown).not.toContain("control=");
      }
      const [delivery] = (
        JSON.parse(listed) as { callbacks: Array<CallbackDelivery & { params: Record<string, string> }> }
      ).callbacks;
      expect(new URL(delivery?.url ?? "").searchParams.get("shop")).toBe("1");
      expect(delivery?.params).toMatchObject({ orderid, status: "approved", shop: "1" });
    } finally {
      await receiver.close();
    }
  });
});
