// Receiving callbacks: createCallbackHandler verifies each callback, calls your code once per event
// (claimed in your own table, shared by every instance of the shop), answers 200, and a late status
// never overwrites a final one.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, signCallback, type VerifiedCallback } from "@card-processing/client";
import { createCallbackHandler, toNodeListener } from "@card-processing/client/callback-handler";
import { checkCallbackEndpoint, documentedRetryDelaysMs, sandboxTime, startSandbox } from "@card-processing/sandbox";
import { PGlite } from "@electric-sql/pglite";
// The table for `seen`, shown below the program ("Your own table for seen").
import { callbackEventsTable, postgresCallbackSeen } from "../callback-frameworks/postgres-callback-seen.js";

// Chaos delivery: every callback arrives twice, out of order, as a busy gateway may deliver them.
const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000, callbackChaos: true });
const controlKey = sandbox.controlKey;
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey,
});

// Your database: PostgreSQL (PGlite here, node-postgres's Pool in production) with the table of
// callback events that every instance of the shop claims events in, and your orders.
const db = new PGlite();
await db.query(callbackEventsTable);
const seen = postgresCallbackSeen(db);
const orders = new Map<string, { status: string; final: boolean }>();
let databaseDown = true; // the first deliveries fail, as when your database restarts
let booked = 0;

// 1. Your code: called once per verified event. Ordering: a callback that is not final never
//    overwrites a final status you already stored (a late `processing` after `approved`).
async function onCallback(callback: VerifiedCallback): Promise<void> {
  if (databaseDown) throw new Error("database unavailable"); // the handler answers 500: delivered again later
  const current = orders.get(callback.client_orderid);
  if (current?.final && !callback.final) return;
  orders.set(callback.client_orderid, { status: callback.status, final: callback.final });
  booked += 1;
}

// 2. The handler: a web-standard (Request) => Response, served here on node:http as Express would
//    (app.all("/payments/callback", toNodeListener(handler))). Hono, Bun and Deno take `handler` as
//    it is; a Worker or a Next.js route makes it where the key arrives (guide "Serverless functions").
const handler = createCallbackHandler({ controlKey, onCallback, seen, onError: () => {} });
const listener = toNodeListener(handler);
const server = createServer((request, response) => void listener(request, response));
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

  // 3. While the database is down the handler answers 500; the gateway retries a minute later.
  expectThat(booked === 0, "while the database is down, nothing is booked and the gateway is answered 500");
  databaseDown = false;
  await sandbox.clock.advance(documentedRetryDelaysMs[0] ?? 60_000);
  const deliveries = sandbox.callbacks().filter((d) => d.orderid === order.orderid);
  expectThat(
    deliveries.length === 2 && deliveries.every((d) => d.state === "delivered"),
    `a minute later both copies are delivered (${deliveries.map((d) => d.attempts.map((a) => a.httpStatus).join("→")).join(" and ")})`,
  );
  expectThat(
    booked === 1 && orders.get(clientOrderId)?.status === "approved",
    `booked once: ${clientOrderId} is ${orders.get(clientOrderId)?.status}`,
  );

  // 4. Two instances of the shop, five deliveries of one new event at once (a retry racing a slow
  //    handler): one call books it; the others wait for it (200) or meet its claim (503, retried).
  const secondInstance = createCallbackHandler({ controlKey, onCallback, seen, onError: () => {} });
  const capture = await signCallback(
    { status: "approved", orderid: order.orderid, client_orderid: clientOrderId, type: "capture" },
    controlKey,
  );
  const before = booked;
  const answers = await Promise.all(
    [1, 2, 3, 4, 5].map(async (n) =>
      n % 2 === 0
        ? (await secondInstance(new Request(`${callbackUrl}?${capture}`))).status
        : (await fetch(`${callbackUrl}?${capture}`)).status,
    ),
  );
  expectThat(
    booked === before + 1 && answers.every((status) => status === 200 || status === 503),
    `five deliveries at once, two instances: booked once, answered ${answers.join(", ")}`,
  );

  // 5. A late `processing` after `approved` is answered 200 and changes nothing.
  const late = await signCallback(
    { status: "processing", orderid: order.orderid, client_orderid: clientOrderId, type: "sale" },
    controlKey,
  );
  const lateAnswer = await fetch(`${callbackUrl}?${late}`);
  expectThat(
    lateAnswer.status === 200 && orders.get(clientOrderId)?.status === "approved",
    `a late processing is answered ${lateAnswer.status} and the order stays approved`,
  );

  // 6. A forged callback is refused and calls nothing.
  const forged = await signCallback(
    { status: "declined", orderid: order.orderid, client_orderid: clientOrderId },
    "not-the-key",
  );
  const refusal = await fetch(`${callbackUrl}?${forged}`);
  expectThat(
    refusal.status === 403 && orders.get(clientOrderId)?.status === "approved",
    `a forged callback is refused: ${refusal.status} ${await refusal.text()}`,
  );

  // 7. In CI: the endpoint conformance check (or `card-processing-sandbox check-callbacks --url … --control-key …`).
  const report = await checkCallbackEndpoint(callbackUrl, { controlKey });
  expectThat(
    report.ok,
    `check-callbacks: ${report.results.filter((r) => r.pass).length} of ${report.results.length} cases pass`,
  );
} finally {
  server.close();
  await sandbox.close();
  await db.close();
}

// What this page's program takes as given: its sample order and card, and its checks.
/** The shop's order: the customer and order fields every card payment of this guide carries. */
function shopOrder(clientOrderId: string, amount: string) {
  return {
    client_orderid: clientOrderId,
    order_desc: `Order ${clientOrderId}`,
    amount,
    currency: "USD",
    address1: "100 Main st",
    city: "Seattle",
    state: "WA",
    zip_code: "98102",
    country: "US",
    phone: "+12063582043",
    ipaddress: "65.153.12.232",
    email: "john.smith@example.com",
    redirect_url: "https://shop.example.com/return",
  };
}

/** A card with its holder and expiry; on the sandbox the CVV2 decides the outcome (123 approves). */
function testCard(number: string, cvv2 = "123") {
  return { credit_card_number: number, card_printed_name: "JOHN SMITH", expire_month: "12", expire_year: "2030", cvv2 };
}

/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
