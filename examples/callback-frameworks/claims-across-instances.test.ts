// Two instances of a shop behind one load balancer share the SQL `seen` of the guide,
// sqlCallbackClaims (in PGlite). The sandbox delivers every callback twice and out of order (chaos), the test asks it for
// concurrent redeliveries on top, and one instance dies half way, inside onCallback. Every event
// must still be handled exactly once.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, type VerifiedCallback } from "@card-processing/client";
import {
  callbackEventKey,
  createCallbackHandler,
  sqlCallbackClaims,
  toNodeListener,
} from "@card-processing/client/callback-handler";
import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";

const events = 1_000;
const leaseMs = 1_500;

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it(`handles each of ${events} events exactly once across two instances, one killed half way`, async () => {
  const db = new PGlite();
  const query = (sql: string, params: unknown[]) => db.query(sql, params).then((result) => result.rows);
  await sqlCallbackClaims(query).createTable();
  const sandbox = await startSandbox({
    latencyMs: 0,
    settleDelayMs: Number.POSITIVE_INFINITY,
    callbackChaos: { windowMs: 100 },
    callbackRetry: { attempts: 30, initialDelayMs: 100, factor: 2, maxDelayMs: 800, timeoutMs: 1_000 },
  });
  const completions = new Map<string, number>();
  const calls = { A: 0, B: 0, failed: 0 };
  const statuses = new Map<number, number>();
  let killedA = false;
  const servers: Record<"A" | "B", Server> = { A: createServer(), B: createServer() };

  function instance(name: "A" | "B") {
    const handler = createCallbackHandler({
      controlKey: sandbox.controlKey,
      seen: sqlCallbackClaims(query),
      leaseMs,
      onError: () => {},
      onCallback: async (callback: VerifiedCallback) => {
        calls[name] += 1;
        if (name === "A" && (killedA || completions.size >= events / 2)) {
          // The process dies here: it stops answering and this call never returns.
          if (!killedA) {
            killedA = true;
            servers.A.close();
            servers.A.closeAllConnections();
          }
          await new Promise(() => {});
        }
        await sleep(2 + Math.random() * 8);
        // A few first tries fail, as when the database blips: released, handled by a later delivery.
        if (Math.random() < 0.03) {
          calls.failed += 1;
          throw new Error("transient failure");
        }
        const key = callbackEventKey(callback);
        completions.set(key, (completions.get(key) ?? 0) + 1);
      },
    });
    const listener = toNodeListener(handler);
    servers[name].on("request", (req, res) => void listener(req, res));
    return listen(servers[name]);
  }
  const backends = [await instance("A"), await instance("B")];

  // The load balancer: each request to a random instance; a dead one gets the gateway a 502.
  const balancer = createServer(async (req, res) => {
    const backend = backends[Math.floor(Math.random() * backends.length)];
    try {
      const answer = await fetch(`${backend}${req.url}`);
      res.writeHead(answer.status).end(await answer.text());
    } catch {
      res.writeHead(502).end("bad gateway");
    }
  });
  balancer.on("request", (_req, res) =>
    res.on("finish", () => statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)),
  );
  const callbackUrl = `${await listen(balancer)}/payments/callback`;

  try {
    const gateway = createGateway({
      baseUrl: sandbox.url,
      endpointId: sandbox.endpointId,
      login: sandbox.login,
      controlKey: sandbox.controlKey,
    });
    const expected = new Set<string>();
    const run = Date.now().toString(36);
    let next = 0;
    async function sell(): Promise<void> {
      while (next < events) {
        const clientOrderId = `claim-${run}-${next++}`;
        const sale = await gateway.sale({
          ...sampleOrder(clientOrderId, { amount: "1.00" }),
          ...testCard(),
          server_callback_url: callbackUrl,
        });
        if (sale.error) throw sale.error;
        expected.add(`approved|sale|${sale.data["paynet-order-id"]}|${clientOrderId}`);
      }
    }
    // Redelivery on top of chaos: while the sales go on, three copies at once of every fourth fresh
    // callback, racing each other (and the chaos pair) across the two instances.
    const redeliveries: Array<Promise<unknown>> = [];
    const redelivered = new Set<number>();
    let selling = true;
    const redeliver = async () => {
      while (selling) {
        for (const d of sandbox.callbacks()) {
          if (d.reason !== "callback" || redelivered.has(d.id)) continue;
          redelivered.add(d.id);
          if (redelivered.size % 4 !== 0) continue;
          for (const _ of [1, 2, 3]) {
            redeliveries.push(fetch(`${sandbox.url}/_admin/callbacks/${d.id}/redeliver`, { method: "POST" }));
          }
        }
        await sleep(10);
      }
    };
    const redelivering = redeliver();
    await Promise.all(Array.from({ length: 8 }, sell));
    selling = false;
    await redelivering;
    await Promise.all(redeliveries);

    const deadline = Date.now() + 45_000;
    const settled = () =>
      sandbox.callbacks().every((d) => d.state !== "pending") && [...expected].every((key) => completions.has(key));
    while (!settled() && Date.now() < deadline) await sleep(100);

    const deliveries = sandbox.callbacks();
    const counts = [...expected].map((key) => completions.get(key) ?? 0);
    const figures = {
      events,
      handled: counts.filter((n) => n === 1).length,
      duplicates: counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
      lost: counts.filter((n) => n === 0).length,
      deliveries: deliveries.length,
      attempts: deliveries.reduce((sum, d) => sum + d.attempts.length, 0),
      answers: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      onCallbackCalls: calls,
      failedDeliveries: deliveries.filter((d) => d.state === "failed").length,
    };
    console.log("claims across instances:", JSON.stringify(figures));

    expect(killedA).toBe(true);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0); // B met A's live claims
    expect(expected.size).toBe(events);
    expect([...completions.keys()].filter((key) => !expected.has(key))).toEqual([]);
    expect({ duplicates: figures.duplicates, lost: figures.lost, handled: figures.handled }).toEqual({
      duplicates: 0,
      lost: 0,
      handled: events,
    });
    expect(figures.failedDeliveries).toBe(0);
    const done = await db.query<{ n: number }>("select count(*)::int as n from callback_events where done");
    expect(done.rows[0]?.n).toBe(events);
  } finally {
    servers.A.closeAllConnections();
    servers.B.close();
    balancer.close();
    balancer.closeAllConnections();
    await sandbox.close();
    await db.close();
  }
  // 23 s on two cores, over 90 s on a loaded machine: PGlite, the sandbox and both instances share
  // this process (it runs alone, after the other test files: examples/vitest.alone.config.ts).
}, 180_000);
