// The load generator of `sandbox.bench.ts`, run in a process of its own (child_process.fork) so
// that building, sending and timing requests never shares an event loop with the server it
// measures. It receives a plan, signs every request before the clock starts, sends them from
// `concurrency` loops over keep-alive connections (as fast as the server answers, or at a steady
// rate), and answers with what it saw.
import { Agent, request } from "node:http";
import { signedSaleBody } from "./raw-sale.testlib.js";

/** What one round sends. */
export interface LoadPlan {
  readonly url: string;
  readonly endpointId: string;
  readonly controlKey: string;
  readonly prefix: string;
  readonly requests: number;
  readonly concurrency: number;
  /**
   * Send at this steady rate instead of as fast as the server answers: request i is due at
   * i / rate seconds, and its latency counts from then, so a reply that kept the next request
   * waiting counts against the server.
   */
  readonly ratePerSecond?: number;
}

/** What one round saw: wall time, each latency, the HTTP statuses and the order ids answered. */
export interface LoadResult {
  readonly seconds: number;
  readonly latenciesMs: number[];
  readonly statuses: Record<string, number>;
  readonly orderIds: string[];
}

/** Posts a form on a kept-alive connection and reads the whole reply. */
export function post(agent: Agent, target: URL, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: "POST",
        path: target.pathname,
        headers: {
          accept: "application/vnd.pay+json",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  const target = new URL(`${plan.url}/api/v2/sale/${plan.endpointId}`);
  const bodies = Array.from({ length: plan.requests }, (_, i) =>
    new URLSearchParams(
      signedSaleBody({ endpointId: plan.endpointId, controlKey: plan.controlKey }, `${plan.prefix}-${i}`, {
        amount: "1.00",
      }),
    ).toString(),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency });
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  const orderIds: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      for (let i = next++; i < bodies.length; i = next++) {
        let sent = performance.now();
        if (plan.ratePerSecond !== undefined) {
          const due = started + (i * 1000) / plan.ratePerSecond;
          // A timer may fire up to a millisecond early (whole milliseconds, from the loop's cached
          // time): wait again until the sale is due, so none goes early and none counts below 0.
          for (let now = sent; now < due; now = performance.now())
            await new Promise((resolve) => setTimeout(resolve, Math.ceil(due - now)));
          sent = due;
        }
        const reply = await post(agent, target, bodies[i] ?? "");
        latenciesMs.push(performance.now() - sent);
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
        if (reply.status === 200)
          orderIds.push(String((JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"]));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds, latenciesMs, statuses, orderIds };
}

process.on("message", (plan: LoadPlan) => {
  run(plan).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
  );
});
