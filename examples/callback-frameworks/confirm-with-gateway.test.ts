// `confirm: gateway`: the handler asks the gateway (the sandbox here) for the order's status before
// onCallback and hands it the answer beside the callback's claims; a callback naming an order the
// gateway does not have (ids shifted across the digest's missing separators) is refused, and the
// sandbox's status requests are counted.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway } from "@card-processing/client";
import { type CallbackEvent, createCallbackHandler, toNodeListener } from "@card-processing/client/callback-handler";
import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { expect, it } from "vitest";

it("hands onCallback the gateway's answer and refuses a callback for an order the gateway does not have", async () => {
  const sandbox = await startSandbox({ latencyMs: 20 });
  const gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
  });
  const received: Array<{ claims: Record<string, string | undefined>; event: CallbackEvent }> = [];
  const handler = createCallbackHandler({
    controlKey: sandbox.controlKey,
    confirm: gateway,
    onError: () => {},
    onCallback: (callback, event) => void received.push({ claims: { ...callback.unsigned }, event }),
  });
  const listener = toNodeListener(handler);
  const server = createServer((req, res) => void listener(req, res));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;
  try {
    const clientOrderId = `confirm-${Date.now().toString(36)}`;
    const sale = await gateway.sale({
      ...sampleOrder(clientOrderId, { amount: "12.50" }),
      ...testCard(),
      server_callback_url: url,
    });
    if (sale.error) throw sale.error;
    const orderid = sale.data["paynet-order-id"];
    const delivery = await sandbox.waitForCallback({ orderid, type: "sale" }, { timeoutMs: 10_000 });
    expect(delivery.attempts.at(-1)?.httpStatus).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.claims).toMatchObject({ type: "sale", amount: "12.50" });
    expect(received[0]?.event.confirmed).toMatchObject({
      status: "approved",
      "paynet-order-id": orderid,
      "merchant-order-id": clientOrderId,
      amount: "12.50",
      currency: "USD",
    });
    const statusCalls = () => sandbox.requests({ operation: "status" }).length;
    const before = statusCalls();

    // The genuine callback with its ids shifted: control still verifies, the gateway has no such order.
    const shifted = new URL(delivery.url);
    shifted.searchParams.set("orderid", orderid.slice(0, -1));
    shifted.searchParams.set("client_orderid", orderid.slice(-1) + clientOrderId);
    shifted.searchParams.set("merchant_order", orderid.slice(-1) + clientOrderId);
    const refusal = await fetch(shifted);
    expect([refusal.status, await refusal.text()]).toEqual([409, "the gateway has no such order"]);
    expect(statusCalls()).toBe(before + 1);
    expect(received).toHaveLength(1);

    // A redelivery of the handled event is answered at once, without asking the gateway again.
    const again = await fetch(delivery.url);
    expect(again.status).toBe(200);
    expect(statusCalls()).toBe(before + 1);
  } finally {
    server.close();
    await sandbox.close();
  }
}, 30_000);
