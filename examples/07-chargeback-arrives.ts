// A chargeback arrives: weeks after a sale, the bank takes part of it back. The merchant's callback
// handler verifies each callback, tells the chargeback from the sale, and books each event once,
// however often it is delivered. Runs on its own sandbox with a manual clock:
//   npx tsx examples/07-chargeback-arrives.ts
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, parseCallback } from "@card-processing/client";
import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";

const DAY_MS = 24 * 60 * 60 * 1000;
const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
});
let failed = false;
function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) failed = true;
}

// 1. The merchant's callback handler. The documented gateway may deliver a callback more than
//    once: status, type, orderid and client_orderid together name one event.
const booked = new Set<string>();
const ledger: string[] = [];
const server = createServer((request, response) => {
  const query = new URL(request.url ?? "/", "http://localhost").searchParams;
  parseCallback(query, sandbox.controlKey)
    .then((callback) => {
      // type, amount and currency are not covered by the callback's control: the ledger line is
      // a record of what arrived; money decisions are confirmed with the status operation.
      const { type, amount, currency } = callback.unsigned;
      const key = [callback.status, type, callback.orderid, callback.client_orderid].join(" ");
      if (!booked.has(key)) {
        booked.add(key);
        ledger.push(`${type ?? "?"} ${callback.status} ${amount ?? ""} ${currency ?? ""}`.trim());
      }
      response.writeHead(200).end("OK");
    })
    .catch((error: unknown) => {
      console.error(`  ✗ callback refused: ${error instanceof Error ? error.message : String(error)}`);
      response.writeHead(403).end("bad signature");
    });
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;

try {
  // 2. A sale of 25.00 USD, approved once a second of sandbox time has passed.
  const clientOrderId = `chargeback-demo-${Date.now().toString(36)}`;
  const sale = await gateway.sale({
    ...sampleOrder(clientOrderId, { order_desc: "Espresso machine", amount: "25.00" }),
    ...testCard(),
    server_callback_url: callbackUrl,
  });
  const orderid = sale.data?.["paynet-order-id"];
  if (orderid === undefined) throw new Error(`sale failed: ${JSON.stringify(sale.error)}`);
  await sandbox.clock.advance(1_000);
  console.log(`  sale ${clientOrderId} (order ${orderid}) approved; ledger: ${ledger.join("; ")}`);

  // 3. Thirty days later the cardholder disputes 10.00 USD with the bank.
  await sandbox.clock.advance(30 * DAY_MS);
  const event = await sandbox.trigger(orderid, { type: "chargeback", amount: "10.00" });
  console.log(`  chargeback of ${event.amount} ${event.currency} on ${event.at.slice(0, 10)}`);

  // 4. The same chargeback callback is delivered again: the handler books it once.
  const delivery = sandbox.callbacks().find((d) => d.orderid === orderid && d.type === "chargeback");
  await fetch(`${sandbox.url}/_admin/callbacks/${delivery?.id ?? 0}/redeliver`, { method: "POST" });
  check(
    ledger.length === 2 && ledger[1] === "chargeback approved 10.00 USD",
    `ledger after a redelivered chargeback: ${ledger.join("; ")}`,
  );

  // 5. What was charged back can no longer be refunded: 15.00 USD is left to return.
  const refund = await gateway.return({
    client_orderid: clientOrderId,
    orderid,
    amount: "20.00",
    currency: "USD",
    comment: "goodwill",
  });
  check(refund.error !== undefined, `a return of 20.00 USD is refused: ${refund.error?.message ?? "(accepted!)"}`);
} finally {
  server.close();
  await sandbox.close();
}
process.exit(failed ? 1 : 0);
