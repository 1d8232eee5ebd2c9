// The load generator of the sandbox's benches, run in a process of its own (`startLoadGenerator`) so
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
  /**
   * At a steady rate, this many sales first, sent as the rest (at the rate, on the same
   * connections), their latencies not counted: the ramp from idle, where the server's heap and
   * this process's connections are still growing, is not the steady state.
   */
  readonly warmUp?: number;
}

/**
 * What one round saw: wall time and each latency after the warm-up, and for every sale sent (the
 * warm-up's too) the HTTP statuses and the order ids answered.
 */
export interface LoadResult {
  readonly seconds: number;
  readonly latenciesMs: number[];
  /** The warm-up's latencies, apart. */
  readonly warmUpLatenciesMs: number[];
  /** Sales sent, the warm-up's included. */
  readonly sent: number;
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
  const warmUp = plan.warmUp ?? 0;
  if (warmUp > 0 && plan.ratePerSecond === undefined) throw new Error("a warm-up is for a steady rate (ratePerSecond)");
  const bodies = Array.from({ length: warmUp + plan.requests }, (_, i) =>
    new URLSearchParams(
      signedSaleBody({ endpointId: plan.endpointId, controlKey: plan.controlKey }, `${plan.prefix}-${i}`, {
        amount: "1.00",
      }),
    ).toString(),
  );
  // Building the bodies left garbage, and the bodies themselves, in the young generation: collected
  // here, not by scavenges in the round, each a pause of this process of up to 20 ms. Measured at a
  // steady 2,000 sales/s to the bare server, 6,000 a round: 9-11 pauses, 70-151 ms in all, and a p99
  // of 17-40 ms without it; 7 pauses, 9-14 ms in all, and a p99 of 7-10 ms with it.
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("the load generator needs --expose-gc: start it with startLoadGenerator()");
  gc();
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency });
  const latenciesMs: number[] = [];
  const warmUpLatenciesMs: number[] = [];
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
        (i < warmUp ? warmUpLatenciesMs : latenciesMs).push(performance.now() - sent);
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
        if (reply.status === 200)
          orderIds.push(String((JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"]));
      }
    }),
  );
  // The warm-up is at a steady rate only (checked above): the measured sales were due from here.
  const measuredFrom = plan.ratePerSecond === undefined ? started : started + (warmUp * 1000) / plan.ratePerSecond;
  const seconds = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  return { seconds, latenciesMs, warmUpLatenciesMs, sent: bodies.length, statuses, orderIds };
}

process.on("message", (plan: LoadPlan) => {
  run(plan).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
  );
});
