import { type ChildProcess, fork } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { type BareFormServer, startBareFormServer } from "./bare-form-server.testlib.js";
import type { LoadPlan, LoadResult } from "./load-generator.testlib.js";

// The sandbox under load, measured from outside: a load generator in its own process sends
// pre-signed sales over keep-alive connections from 50 concurrent loops, to the sandbox and, in
// the same round, to a bare node:http server that only reads the form and checks the digest.
// Targets: at least 0.75 times the bare server's throughput, p99 at most 30 ms, no order lost.
// BENCH_REQUESTS and BENCH_ROUNDS lengthen a run on a busy machine, where rounds vary a lot.
const REQUESTS = Number(process.env["BENCH_REQUESTS"] ?? 3_000);
const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 5);
const CONCURRENCY = 50;
const ENDPOINT = "1111";
const CONTROL_KEY = "BENCH-CONTROL-KEY";

let generator: ChildProcess;
let sandbox: Sandbox;
let bare: BareFormServer;
let round = 0;
const ratios: number[] = [];
const cpuRatios: number[] = [];
const p99s: number[] = [];

beforeAll(async () => {
  const entry = join(dirname(fileURLToPath(import.meta.url)), "load-generator.testlib.ts");
  generator = fork(entry, [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  sandbox = await startSandbox({
    latencyMs: 5,
    settleDelayMs: Infinity,
    controlKey: CONTROL_KEY,
    publicKey: "not used by sales",
  });
  bare = await startBareFormServer(ENDPOINT, CONTROL_KEY);
});
afterAll(async () => {
  generator?.kill();
  await sandbox?.close();
  await bare?.close();
  if (ratios.length > 0) {
    const range = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `${sorted[0]?.toFixed(2)}–${sorted.at(-1)?.toFixed(2)}, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)}`;
    };
    console.log(
      `[sandbox bench] over ${ratios.length} rounds: throughput ratio to bare ${range(ratios)}; by CPU per request ${range(cpuRatios)} (target ≥ 0.75), ` +
        `sandbox p99 ${Math.min(...p99s).toFixed(1)}–${Math.max(...p99s).toFixed(1)} ms (target ≤ 30 ms)`,
    );
  }
});

/** A round against one server, with the CPU time this process (the server's) spent meanwhile. */
async function load(url: string, prefix: string): Promise<LoadResult & { cpuMicrosPerRequest: number }> {
  const plan: LoadPlan = {
    url,
    endpointId: ENDPOINT,
    controlKey: CONTROL_KEY,
    prefix,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
  };
  const before = process.cpuUsage();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    generator.once("message", (message: LoadResult | { error: string }) =>
      "error" in message ? reject(new Error(message.error)) : resolve(message),
    );
    generator.send(plan);
  });
  const cpu = process.cpuUsage(before);
  return { ...result, cpuMicrosPerRequest: (cpu.user + cpu.system) / REQUESTS };
}

function summary(result: LoadResult & { cpuMicrosPerRequest: number }): {
  perSecond: number;
  p99: number;
  cpu: number;
  text: string;
} {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const perSecond = result.latenciesMs.length / result.seconds;
  const cpu = result.cpuMicrosPerRequest;
  return {
    perSecond,
    p99: at(0.99),
    cpu,
    text: `${perSecond.toFixed(0)} req/s, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, ${cpu.toFixed(0)} µs CPU/request`,
  };
}

interface AdminOrder {
  readonly orderid: string;
  readonly client_orderid: string;
}

/** Orders lost or duplicated: every sale answered 200 once, and exactly one order per client_orderid. */
async function sandboxOrderProblems(prefix: string, result: LoadResult): Promise<string | undefined> {
  const orders: AdminOrder[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page = (await (await fetch(`${sandbox.url}/_admin/orders?limit=500&cursor=${cursor}`)).json()) as {
      orders: AdminOrder[];
      next_cursor: string | null;
    };
    orders.push(...page.orders);
    cursor = page.next_cursor;
  }
  const mine = orders.filter((o) => o.client_orderid.startsWith(`${prefix}-`));
  const clientIds = new Set(mine.map((o) => o.client_orderid));
  const answered = new Set(result.orderIds);
  const known = new Set(mine.map((o) => o.orderid));
  const unknownAnswers = [...answered].filter((id) => !known.has(id)).length;
  if (
    result.statuses["200"] === REQUESTS &&
    mine.length === REQUESTS &&
    clientIds.size === REQUESTS &&
    answered.size === REQUESTS &&
    unknownAnswers === 0
  )
    return undefined;
  return `statuses ${JSON.stringify(result.statuses)}, ${mine.length} orders, ${clientIds.size} client ids, ${answered.size} order ids answered, ${unknownAnswers} not in the order book`;
}

function bareOrderProblems(prefix: string, result: LoadResult): string | undefined {
  const mine = [...bare.accepted.entries()].filter(([id]) => id.startsWith(`${prefix}-`));
  const duplicated = mine.filter(([, count]) => count > 1).length;
  if (result.statuses["200"] === REQUESTS && mine.length === REQUESTS && duplicated === 0) return undefined;
  return `statuses ${JSON.stringify(result.statuses)}, ${mine.length} accepted, ${duplicated} duplicated`;
}

async function oneRound(): Promise<void> {
  round += 1;
  const barePrefix = `bare-${round}`;
  const sandboxPrefix = `bench-${round}`;
  const bareResult = await load(bare.url, barePrefix);
  const sandboxResult = await load(sandbox.url, sandboxPrefix);
  const problems =
    bareOrderProblems(barePrefix, bareResult) ?? (await sandboxOrderProblems(sandboxPrefix, sandboxResult));
  if (problems !== undefined) throw new Error(`orders lost or duplicated: ${problems}`);
  const b = summary(bareResult);
  const s = summary(sandboxResult);
  const ratio = s.perSecond / b.perSecond;
  // On a busy machine wall-clock rounds vary a lot; CPU time per request varies much less.
  const cpuRatio = b.cpu / s.cpu;
  if (round > 1) {
    ratios.push(ratio);
    cpuRatios.push(cpuRatio);
    p99s.push(s.p99);
  }
  console.log(
    `[sandbox bench] round ${round}${round === 1 ? " (warm-up)" : ""}: ${REQUESTS} pre-signed sales, ${CONCURRENCY} concurrent keep-alive connections; ` +
      `sandbox ${s.text}; bare node:http ${b.text}; ratio ${ratio.toFixed(2)} (by CPU per request ${cpuRatio.toFixed(2)}); none lost or duplicated`,
  );
}

describe("sandbox under load, from a separate process", () => {
  bench(
    `${REQUESTS} pre-signed sales from ${CONCURRENCY} keep-alive connections, sandbox vs bare node:http`,
    oneRound,
    {
      iterations: ROUNDS,
      warmupIterations: 1,
      time: 0,
      warmupTime: 0,
    },
  );
});
