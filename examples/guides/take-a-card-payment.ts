// Take a card payment: a sale, its callback, and the status operation as the proof. An outcome
// still unknown after the wait is pending, never refused: run with 217 (`npx tsx
// examples/guides/take-a-card-payment.ts 217`), the sandbox's CVV2 for an acquirer that never answers.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, type VerifiedCallback } from "@card-processing/client";
import { createCallbackHandler, toNodeListener } from "@card-processing/client/callback-handler";
import { sampleOrder, sandboxTime, startSandbox, testCard } from "@card-processing/sandbox";

// The card's CVV2 decides the outcome on the sandbox: 123 approves, 116 declines, 217 stays unknown.
const cvv2 = process.argv[2] ?? "123";

const sandbox = await startSandbox({ clock: "manual", latencyMs: 2_000 });
const gateway = createGateway({
  baseUrl: sandbox.url, // production: your gateway's https base URL, ending in /paynet
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
});

// 1. Your callback endpoint: the handler verifies control, calls onCallback once per event and
//    answers 200 (see the guide "Receiving callbacks"; Express: app.all(path, toNodeListener(handler))).
const callbacks: VerifiedCallback[] = [];
const handler = createCallbackHandler({
  controlKey: sandbox.controlKey,
  onCallback: (callback) => void callbacks.push(callback),
});
const listener = toNodeListener(handler);
const server = createServer((request, response) => void listener(request, response));
server.listen(0, "127.0.0.1");
await once(server, "listening");
const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;

/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}

// Orders whose outcome is still unknown: the customer was told "pending"; a final callback or a
// later status query (gateway.recoverOrder, say every 10 minutes) settles each.
const pendingOrders = new Map<string, { client_orderid: string; orderid: string }>();

try {
  // 2. The sale. Store client_orderid before you send, and paynet-order-id from the reply.
  const clientOrderId = `order-${Date.now().toString(36)}`;
  const sale = await gateway.sale({
    ...sampleOrder(clientOrderId),
    ...testCard({ cvv2 }),
    server_callback_url: callbackUrl,
  });
  if (sale.error) throw sale.error;
  const order = { client_orderid: clientOrderId, orderid: sale.data["paynet-order-id"] };
  expectThat(sale.data.status === "processing", `sale acknowledged: order ${order.orderid} is processing`);

  // 3. The outcome arrives by callback (here: after 2 s of sandbox time)...
  await sandbox.clock.advance(2_000);
  expectThat(
    callbacks[0]?.orderid === order.orderid,
    `callback: status=${callbacks[0]?.status} for orderid ${callbacks[0]?.orderid}`,
  );

  // 4. ...and the status operation confirms it. Without a callback, poll on the documented cadence.
  const final = await gateway.waitForFinalStatus(order, { clock: sandboxTime(sandbox) });
  if (final.error?.outcome === "unknown") {
    // Still unknown after an hour without change: NOT refused. The payment may yet be approved, so
    // tell the customer it is pending, keep the order, and keep watching (callback, later status).
    pendingOrders.set(order.client_orderid, order);
    expectThat(
      !callbacks.some((callback) => callback.orderid === order.orderid && callback.final),
      `order ${order.orderid} is pending, not refused (${final.error.message}): tell the customer, keep watching`,
    );
  } else if (final.error) {
    throw final.error; // a refusal of the status query itself (a wrong key, a wrong orderid): fix the call
  } else {
    expectThat(
      final.data.status === "approved",
      `status confirms ${final.data.status}: ${final.data.amount} ${final.data.currency}, card ${final.data["bin"]}…${final.data["last-four-digits"]}`,
    );
  }

  // 5. A declined card: the reason is in error-message (CVV2 116 is "insufficient funds" on the sandbox).
  const declined = await gateway.sale({
    ...sampleOrder(`${clientOrderId}-2`),
    ...testCard({ cvv2: "116" }),
  });
  if (declined.error) throw declined.error;
  const refused = await gateway.waitForFinalStatus(
    { client_orderid: `${clientOrderId}-2`, orderid: declined.data["paynet-order-id"] },
    { clock: sandboxTime(sandbox) },
  );
  expectThat(refused.data?.status === "declined", `a second card is declined: ${refused.data?.["error-message"]}`);
} finally {
  server.close();
  await sandbox.close();
}
