// Callbacks in production: verify the signature, answer 200 at once, book each event once
// (by status, type, orderid and client_orderid), and know the retry schedule and what control covers.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, parseCallback } from "@card-processing/client";
import { documentedRetryDelaysMs, startSandbox } from "@card-processing/sandbox";
import { expectThat, sandboxTime, shopOrder, testCard } from "./guide-fixtures.js";

// Chaos delivery: every callback arrives twice, out of order, as a busy gateway may deliver them.
const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000, callbackChaos: true });
const controlKey = sandbox.controlKey;
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey,
});

// Your database: a unique key on (status, type, orderid, client_orderid) books each event once.
const booked = new Map<string, string>();
let databaseDown = true; // the first deliveries fail, as when your database restarts

// 1. The handler. Verify first; answer 200 only once the event is stored (or was stored before);
//    answer an error when you could not store it, and the gateway delivers it again later.
const server = createServer((request, response) => {
  const query = new URL(request.url ?? "/", "http://localhost").searchParams;
  parseCallback(query, controlKey).then(
    (callback) => {
      if (databaseDown) return void response.writeHead(503).end("try again");
      const key = [callback.status, callback.unsigned.type, callback.orderid, callback.client_orderid].join("|");
      if (!booked.has(key))
        booked.set(
          key,
          `${callback.unsigned.type} ${callback.status} ${callback.unsigned.amount} ${callback.unsigned.currency}`,
        );
      response.writeHead(200).end("OK");
    },
    // A callback whose control does not verify did not come from the gateway: refuse, store nothing.
    () => response.writeHead(403).end("bad signature"),
  );
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;

try {
  const clientOrderId = `cb-${Date.now().toString(36)}`;
  const sale = await gateway.sale({
    ...shopOrder(clientOrderId, "20.00"),
    ...testCard("4111111111111111"),
    server_callback_url: callbackUrl,
  });
  if (sale.error) throw sale.error;
  const order = { client_orderid: clientOrderId, orderid: sale.data["paynet-order-id"] };
  await gateway.waitForFinalStatus(order, { clock: sandboxTime(sandbox) });

  // 2. The retry schedule: 30 deliveries over 14 days, the first retry a minute after a failure.
  console.log(
    `  retries wait ${documentedRetryDelaysMs
      .slice(0, 6)
      .map((ms) => `${ms / 60_000} min`)
      .join(", ")}, … (${documentedRetryDelaysMs.length} waits)`,
  );
  expectThat(booked.size === 0, "while the database is down, nothing is booked and the handler answers 503");
  databaseDown = false;
  await sandbox.clock.advance(documentedRetryDelaysMs[0] ?? 60_000);
  const deliveries = sandbox.callbacks().filter((d) => d.orderid === order.orderid);
  expectThat(
    deliveries.length === 2 && deliveries.every((d) => d.state === "delivered"),
    `a minute later both copies are delivered on retry (${deliveries.map((d) => d.attempts.length).join(" and ")} attempts)`,
  );
  expectThat(booked.size === 1, `booked once: ${[...booked.values()].join("; ")}`);

  // 3. control signs status, orderid and client_orderid only: an edited amount still verifies.
  const original = new URL(deliveries[0]?.url ?? "").searchParams;
  original.set("amount", "2000.00");
  const edited = await parseCallback(original, controlKey);
  expectThat(
    edited.unsigned.amount === "2000.00",
    "an edited amount still verifies: read amounts from the status operation",
  );
  const status = await gateway.status(order);
  expectThat(
    status.data?.amount === "20.00",
    `the status operation says ${status.data?.amount} ${status.data?.currency}`,
  );
} finally {
  server.close();
  await sandbox.close();
}
