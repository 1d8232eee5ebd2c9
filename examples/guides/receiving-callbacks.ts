// Receiving callbacks: createCallbackHandler verifies each callback, checks it against your stored
// order and the gateway's own answer, calls your code once per event (claimed in your own table,
// shared by every instance of the shop, completed in the same transaction as your write), answers
// 200, and a late status never overwrites a final one.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, signCallback, type VerifiedCallback } from "@card-processing/client";
import {
  type CallbackEvent,
  createCallbackHandler,
  type SqlQuery,
  sqlCallbackClaims,
  toNodeListener,
} from "@card-processing/client/callback-handler";
import { documentedRetryDelaysMs, sampleOrder, sandboxTime, startSandbox, testCard } from "@card-processing/sandbox";
import { PGlite, type Transaction } from "@electric-sql/pglite";

// Chaos delivery: every callback arrives twice, out of order, as a busy gateway may deliver them.
const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000, callbackChaos: true });
const controlKey = sandbox.controlKey;
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey,
});

// Your database: PostgreSQL (PGlite here; node-postgres, postgres.js in production). `seen` is the
// table of callback events every instance of the shop claims events in, over your driver's query
// function; `orders` is yours.
const db = new PGlite();
const queryOf =
  (on: PGlite | Transaction): SqlQuery =>
  (sql, params) =>
    on.query(sql, params).then((result) => result.rows);
const seen = sqlCallbackClaims(queryOf(db));
await seen.createTable();
await db.query(`create table orders (client_orderid text primary key, orderid text, amount text not null,
  currency text not null, status text, final boolean not null default false)`);
await db.query("create table chargebacks (client_orderid text not null, amount text not null)");
let databaseDown = true; // the first deliveries fail, as when your database restarts
let booked = 0;

// 1. Your code: called once per verified event that matches your order and the gateway's answer.
//    Your write and the completion of the event commit in one transaction: a process killed before
//    the commit leaves neither, and the next delivery handles the event; after it, both.
//    Ordering: a callback that is not final never overwrites a final status (a late `processing`).
async function onCallback(callback: VerifiedCallback, event: CallbackEvent): Promise<void> {
  if (databaseDown) throw new Error("database unavailable"); // the handler answers 500: delivered again later
  await db.transaction(async (tx) => {
    if (callback.unsigned.type === "chargeback") {
      await tx.query("insert into chargebacks values ($1, $2)", [callback.client_orderid, callback.unsigned.amount]);
    } else {
      await tx.query("update orders set status = $2, final = $3 where client_orderid = $1 and (not final or $3)", [
        callback.client_orderid,
        callback.status,
        callback.final,
      ]);
    }
    await event.complete(queryOf(tx));
  });
  booked += 1;
}

// 2. The handler: a web-standard (Request) => Response, served here on node:http as Express would
//    (app.all("/payments/callback", toNodeListener(handler))). Hono, Bun and Deno take `handler` as
//    it is; a Worker or a Next.js route makes it where the key arrives (guide "Serverless functions").
//    `control` signs status, orderid and client_orderid only: `storedOrder`
//    refuses a callback whose ids, amount or currency are not your order's (a replay with another
//    amount, ids shifted across the digest), and `confirm` asks the gateway before `onCallback`.
const storedOrder = async (callback: VerifiedCallback) =>
  (
    await db.query<{ orderid: string; client_orderid: string; amount: string; currency: string }>(
      "select orderid, client_orderid, amount, currency from orders where client_orderid = $1",
      [callback.client_orderid],
    )
  ).rows[0];
const options = { controlKey, onCallback, seen, storedOrder, confirm: gateway, onError: () => {} };
const handler = createCallbackHandler(options);
const listener = toNodeListener(handler);
const server = createServer((request, response) => void listener(request, response));
server.listen(0, "127.0.0.1");
await once(server, "listening");
const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;

try {
  const clientOrderId = `cb-${Date.now().toString(36)}`;
  const sale = await gateway.sale({
    ...sampleOrder(clientOrderId, { amount: "20.00" }),
    ...testCard(),
    server_callback_url: callbackUrl,
  });
  if (sale.error) throw sale.error;
  const order = { client_orderid: clientOrderId, orderid: sale.data["paynet-order-id"] };
  await db.query("insert into orders (client_orderid, orderid, amount, currency) values ($1, $2, '20.00', 'USD')", [
    order.client_orderid,
    order.orderid,
  ]);
  await gateway.waitForFinalStatus(order, { clock: sandboxTime(sandbox) });
  const statusOf = async () =>
    (await db.query<{ status: string }>("select status from orders where client_orderid = $1", [clientOrderId])).rows[0]
      ?.status;

  // 3. While the database is down the handler answers 500; the gateway retries a minute later.
  expectThat(booked === 0, "while the database is down, nothing is booked and the gateway is answered 500");
  databaseDown = false;
  await sandbox.clock.advance(documentedRetryDelaysMs[0] ?? 60_000);
  const deliveries = sandbox.callbacks().filter((d) => d.orderid === order.orderid);
  expectThat(
    deliveries.length === 2 && deliveries.every((d) => d.state === "delivered"),
    `a minute later both copies are delivered (${deliveries.map((d) => d.attempts.map((a) => a.httpStatus).join("→")).join(" and ")})`,
  );
  expectThat(booked === 1 && (await statusOf()) === "approved", `booked once: ${clientOrderId} is ${await statusOf()}`);

  // 4. Two instances of the shop, five deliveries of one new event at once (a chargeback of the
  //    whole amount, as the gateway reports it; a retry racing a slow handler): one call books it;
  //    the others wait for it (200) or meet its claim (503, retried).
  const secondInstance = createCallbackHandler(options);
  const fields = { status: "approved" as const, ...order, amount: "20.00", currency: "USD" };
  const chargeback = await signCallback({ ...fields, type: "chargeback" }, controlKey);
  const before = booked;
  const answers = await Promise.all(
    [1, 2, 3, 4, 5].map(async (n) =>
      n % 2 === 0
        ? (await secondInstance(new Request(`${callbackUrl}?${chargeback}`))).status
        : (await fetch(`${callbackUrl}?${chargeback}`)).status,
    ),
  );
  expectThat(
    booked === before + 1 && answers.every((status) => status === 200 || status === 503),
    `five deliveries at once, two instances: booked once, answered ${answers.join(", ")}`,
  );

  // 5. A late `processing` after `approved` is answered 200 and changes nothing.
  const late = await signCallback({ ...fields, status: "processing", type: "sale" }, controlKey);
  const lateAnswer = await fetch(`${callbackUrl}?${late}`);
  expectThat(
    lateAnswer.status === 200 && (await statusOf()) === "approved",
    `a late processing is answered ${lateAnswer.status} and the order stays approved`,
  );

  // 6. Refused, calling nothing: a forged callback; the genuine one replayed with a type the gateway
  //    does not send, or with another amount; its ids shifted across the digest (status + orderid +
  //    client_orderid, no separators), which still verifies.
  const genuine = await signCallback({ ...fields, type: "sale" }, controlKey);
  const replayed = (changes: Record<string, string>) => {
    const query = new URLSearchParams(genuine);
    for (const [name, value] of Object.entries(changes)) query.set(name, value);
    return query;
  };
  const attacks = {
    forged: await signCallback({ ...fields, status: "declined", type: "sale" }, "not-the-key"),
    "type x1": replayed({ type: "x1" }),
    "amount 0.01": replayed({ amount: "0.01" }),
    "ids shifted": replayed({
      orderid: order.orderid.slice(0, -1),
      client_orderid: order.orderid.slice(-1) + clientOrderId,
      merchant_order: order.orderid.slice(-1) + clientOrderId,
    }),
  };
  const bookedBefore = booked;
  const refusals: string[] = [];
  for (const [name, query] of Object.entries(attacks)) {
    const refusal = await fetch(`${callbackUrl}?${query}`);
    refusals.push(`${name}: ${refusal.status} ${await refusal.text()}`);
  }
  expectThat(
    booked === bookedBefore && refusals.every((line) => / 4\d\d /.test(line)) && (await statusOf()) === "approved",
    `refused, nothing booked: ${refusals.join("; ")}`,
  );
} finally {
  server.close();
  await sandbox.close();
  await db.close();
}

// What this page's program takes as given: its checks.
/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
