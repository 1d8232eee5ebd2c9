import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { type BareFormServer, startBareFormServer } from "./bare-form-server.testlib.js";
import { type BareServerProcess, startBareServerProcess } from "./bare-server-process.testlib.js";
import { type SandboxProcess, startLastReleaseSandbox, startSandboxProcess } from "./last-release-sandbox.testlib.js";
import type { LoadPlan, LoadResult } from "./load-generator.testlib.js";
import { type LoadGenerator, startLoadGenerator } from "./load-generator-process.testlib.js";

// The sandbox under load, measured from outside: a load generator in its own process sends
// pre-signed sales over keep-alive connections from 50 concurrent loops, in each round to a bare
// node:http server that only reads the form and checks the digest, to the sandbox in memory and
// to the sandbox with a data directory (durable), the order rotating each round so load on the
// machine favours none. Goals (tools/bench/bench-goals.json, one home for every bench's): the
// sandbox's throughput against the bare server's and its p99, durable against in memory, no order lost. Each round ends with the
// sandbox and the bare server at a steady rate (BENCH_STEADY_RATE, default 2,000 sales/s), each
// sale sent at its due time and its latency counted from then (open loop: a slow reply that holds
// up later sales counts against the server), after a second at the rate that is not counted (the
// servers sat idle through the round's other runs): the sandbox's p99 there is the latency a shop sees
// below saturation, where at full speed 50 connections queue behind each other, with a goal of its
// own; the bare server's p99 at the same rate is printed beside it.
// The steady-rate sandbox and bare server each run in a process of their own, as a shop runs a
// sandbox: in this process they would share a heap, and its collections, with the servers above.
// The sandbox of the last release (the last "Version packages" commit, from its sources) runs in a
// process of its own, and so, for equal terms, does this checkout's sandbox it is compared with:
// no slower than the release. The summary prints each ratio with its goal.
// BENCH_REQUESTS and BENCH_ROUNDS lengthen a run on a busy machine, where rounds vary a lot.
const REQUESTS = Number(process.env["BENCH_REQUESTS"] ?? 3_000);
type Goal = { readonly atMost: number } | { readonly atLeast: number };
const goals = JSON.parse(
  readFileSync(new URL("../../../../tools/bench/bench-goals.json", import.meta.url), "utf8"),
) as {
  readonly [name in
    | "sandboxToBareThroughput"
    | "sandboxP99AtSaturationMs"
    | "sandboxP99AtSteadyRateMs"
    | "durableToInMemoryThroughput"
    | "checkoutToLastReleaseThroughput"]: Goal;
};
const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 5);
const CONCURRENCY = 50;
// The steady rate of the round's last run against the sandbox: the latency a shop sees below saturation.
const STEADY_RATE = Number(process.env["BENCH_STEADY_RATE"] ?? 2_000);
const ENDPOINT = "1111";
const CONTROL_KEY = "BENCH-CONTROL-KEY";

let generator: LoadGenerator;
let sandbox: Sandbox;
let durable: Sandbox;
let bare: BareFormServer;
let lastRelease: SandboxProcess | undefined;
let current: SandboxProcess | undefined;
let steadySandbox: SandboxProcess;
let steadyBare: BareServerProcess;
let round = 0;
const ratios: number[] = [];
const cpuRatios: number[] = [];
const p99s: number[] = [];
const steadyP99s: number[] = [];
const bareSteadyP99s: number[] = [];
const durableRatios: number[] = [];
const durableCpuRatios: number[] = [];
const releaseRatios: number[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "sandbox-bench-"));
const sandboxOptions = {
  latencyMs: 5,
  settleDelayMs: Infinity,
  controlKey: CONTROL_KEY,
  publicKey: "not used by sales",
} as const;

beforeAll(async () => {
  generator = startLoadGenerator();
  sandbox = await startSandbox(sandboxOptions);
  durable = await startSandbox({ ...sandboxOptions, dataDir });
  bare = await startBareFormServer(ENDPOINT, CONTROL_KEY);
  const source = join(dirname(fileURLToPath(import.meta.url)), "../index.ts");
  steadySandbox = await startSandboxProcess(source, "steady rate", sandboxOptions);
  steadyBare = await startBareServerProcess(ENDPOINT, CONTROL_KEY);
  const released = await startLastReleaseSandbox(sandboxOptions);
  if ("unavailable" in released)
    console.log(`[sandbox bench] the last release is not compared: ${released.unavailable}`);
  else {
    lastRelease = released;
    current = await startSandboxProcess(source, "this checkout", sandboxOptions);
  }
  // Up to seven servers and processes start here, three of them compiling the sources with tsx: on a
  // loaded machine that took longer than vitest's 30 s default, and the run ended before its first round.
}, 180_000);
afterAll(async () => {
  generator?.close();
  await sandbox?.close();
  await durable?.close();
  await bare?.close();
  await lastRelease?.close();
  await current?.close();
  await steadySandbox?.close();
  await steadyBare?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (ratios.length > 0) {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const range = (values: number[], digits = 2) =>
      `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
    // One line a goal: the median over the rounds, their range, the goal and whether the median meets it.
    const line = (label: string, values: number[], goal: Goal, unit = "") => {
      const m = median(values);
      const [text, met] =
        "atMost" in goal ? [`≤ ${goal.atMost}`, m <= goal.atMost] : [`≥ ${goal.atLeast}`, m >= goal.atLeast];
      return `  ${label}: ${m.toFixed(unit === "" ? 2 : 1)}${unit} (rounds ${range(values, unit === "" ? 2 : 1)}${unit}); goal ${text}${unit}: ${met ? "met" : "missed"}`;
    };
    const lines = [
      `[sandbox bench] over ${ratios.length} rounds after the warm-up, medians (${REQUESTS} sales a round, ${CONCURRENCY} connections):`,
      line("sandbox to bare node:http, throughput", ratios, goals.sandboxToBareThroughput),
      `    (by CPU per request ${median(cpuRatios).toFixed(2)}, rounds ${range(cpuRatios)})`,
      line("sandbox p99 latency", p99s, goals.sandboxP99AtSaturationMs, " ms"),
      line(`sandbox p99 latency at a steady ${STEADY_RATE} sales/s`, steadyP99s, goals.sandboxP99AtSteadyRateMs, " ms"),
      `    (bare node:http at the same rate: p99 ${median(bareSteadyP99s).toFixed(1)} ms, rounds ${range(bareSteadyP99s, 1)} ms)`,
      line("durable (--data-dir) to in memory, throughput", durableRatios, goals.durableToInMemoryThroughput),
      `    (by CPU per request ${median(durableCpuRatios).toFixed(2)}, rounds ${range(durableCpuRatios)})`,
      lastRelease === undefined
        ? "  the last release: not compared (see above)"
        : line(
            `this checkout to the last release ${lastRelease.label}, each in a process of its own, throughput`,
            releaseRatios,
            goals.checkoutToLastReleaseThroughput,
          ),
    ];
    console.log(lines.join("\n"));
  }
});

/** A round against one server, with the CPU time this process (the server's) spent meanwhile. */
async function load(
  url: string,
  prefix: string,
  ratePerSecond?: number,
): Promise<LoadResult & { cpuMicrosPerRequest: number }> {
  const plan: LoadPlan = {
    url,
    endpointId: ENDPOINT,
    controlKey: CONTROL_KEY,
    prefix,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    // At a steady rate, a second of sales first, not counted: each steady-rate server has sat idle
    // through the round's other runs, and the ramp from idle is not the steady state (see the summary's line).
    ...(ratePerSecond === undefined ? {} : { ratePerSecond, warmUp: ratePerSecond }),
  };
  const before = process.cpuUsage();
  const result = await generator.run(plan);
  const cpu = process.cpuUsage(before);
  return { ...result, cpuMicrosPerRequest: (cpu.user + cpu.system) / result.sent };
}

function summary(result: LoadResult & { cpuMicrosPerRequest: number }): {
  perSecond: number;
  p99: number;
  cpu: number;
  text: string;
  /** Latencies only: the CPU time measured is this process's, not a child's. */
  latency: string;
} {
  const quantile = (latencies: readonly number[]) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    return (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  };
  const at = quantile(result.latenciesMs);
  const warmUp = quantile(result.warmUpLatenciesMs);
  const perSecond = result.latenciesMs.length / result.seconds;
  const cpu = result.cpuMicrosPerRequest;
  return {
    perSecond,
    p99: at(0.99),
    cpu,
    text: `${perSecond.toFixed(0)} req/s, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, ${cpu.toFixed(0)} µs CPU/request`,
    latency:
      `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms` +
      (result.warmUpLatenciesMs.length === 0
        ? ""
        : ` (in the second before, from idle: p99 ${warmUp(0.99).toFixed(1)} ms)`),
  };
}

interface AdminOrder {
  readonly orderid: string;
  readonly client_orderid: string;
}

/** Orders lost or duplicated: every sale answered 200 once, and exactly one order per client_orderid. */
async function sandboxOrderProblems(
  target: { readonly url: string },
  prefix: string,
  result: LoadResult,
): Promise<string | undefined> {
  const orders: AdminOrder[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page = (await (await fetch(`${target.url}/_admin/orders?limit=500&cursor=${cursor}`)).json()) as {
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
    result.statuses["200"] === result.sent &&
    mine.length === result.sent &&
    clientIds.size === result.sent &&
    answered.size === result.sent &&
    unknownAnswers === 0
  )
    return undefined;
  return `statuses ${JSON.stringify(result.statuses)}, ${mine.length} orders, ${clientIds.size} client ids, ${answered.size} order ids answered, ${unknownAnswers} not in the order book`;
}

function bareOrderProblems(prefix: string, result: LoadResult): string | undefined {
  const mine = [...bare.accepted.entries()].filter(([id]) => id.startsWith(`${prefix}-`));
  const duplicated = mine.filter(([, count]) => count > 1).length;
  if (result.statuses["200"] === result.sent && mine.length === result.sent && duplicated === 0) return undefined;
  return `statuses ${JSON.stringify(result.statuses)}, ${mine.length} accepted, ${duplicated} duplicated`;
}

async function oneRound(): Promise<void> {
  round += 1;
  const barePrefix = `bare-${round}`;
  const sandboxPrefix = `bench-${round}`;
  const durablePrefix = `durable-${round}`;
  const results = new Map<string, LoadResult & { cpuMicrosPerRequest: number }>();
  const targets: Array<readonly [string, string, string]> = [
    ["bare", bare.url, barePrefix],
    ["sandbox", sandbox.url, sandboxPrefix],
    ["durable", durable.url, durablePrefix],
  ];
  if (lastRelease !== undefined && current !== undefined)
    targets.push(["last release", lastRelease.url, `release-${round}`], ["current", current.url, `current-${round}`]);
  // The order rotates each round: bare, sandbox, durable; sandbox, durable, bare; ...
  for (let k = 0; k < targets.length; k++) {
    const [name, url, prefix] = targets[(round + k) % targets.length]!;
    results.set(name, await load(url, prefix));
  }
  // Then a sandbox and a bare server, each in a process of its own, at a steady rate below what they can do.
  const steadyPrefix = `steady-${round}`;
  const bareSteadyResult = await load(steadyBare.url, `bare-steady-${round}`, STEADY_RATE);
  const bareAccepted = await steadyBare.accepted(`bare-steady-${round}`);
  if (
    bareSteadyResult.statuses["200"] !== bareSteadyResult.sent ||
    bareAccepted.count !== bareSteadyResult.sent ||
    bareAccepted.duplicated > 0
  )
    throw new Error(
      `orders lost or duplicated: statuses ${JSON.stringify(bareSteadyResult.statuses)}, ${bareAccepted.count} accepted, ${bareAccepted.duplicated} duplicated`,
    );
  const bareSteady = summary(bareSteadyResult);
  const steadyResult = await load(steadySandbox.url, steadyPrefix, STEADY_RATE);
  const steadyProblems = await sandboxOrderProblems(steadySandbox, steadyPrefix, steadyResult);
  if (steadyProblems !== undefined) throw new Error(`orders lost or duplicated: ${steadyProblems}`);
  const steady = summary(steadyResult);
  const bareResult = results.get("bare")!;
  const sandboxResult = results.get("sandbox")!;
  const durableResult = results.get("durable")!;
  const problems =
    bareOrderProblems(barePrefix, bareResult) ??
    (await sandboxOrderProblems(sandbox, sandboxPrefix, sandboxResult)) ??
    (await sandboxOrderProblems(durable, durablePrefix, durableResult));
  if (problems !== undefined) throw new Error(`orders lost or duplicated: ${problems}`);
  let versus = "";
  if (lastRelease !== undefined && current !== undefined) {
    const released = results.get("last release")!;
    const now = results.get("current")!;
    const releaseProblems =
      (await sandboxOrderProblems(lastRelease, `release-${round}`, released)) ??
      (await sandboxOrderProblems(current, `current-${round}`, now));
    if (releaseProblems !== undefined) throw new Error(`orders lost or duplicated: ${releaseProblems}`);
    const [r, c] = [summary(released), summary(now)];
    if (round > 1) releaseRatios.push(c.perSecond / r.perSecond);
    versus = `; in processes of their own, this checkout ${c.perSecond.toFixed(0)} req/s (p99 ${c.p99.toFixed(1)} ms), the last release ${r.perSecond.toFixed(0)} req/s (p99 ${r.p99.toFixed(1)} ms): ${(c.perSecond / r.perSecond).toFixed(2)}`;
  }
  const b = summary(bareResult);
  const s = summary(sandboxResult);
  const d = summary(durableResult);
  const ratio = s.perSecond / b.perSecond;
  // On a busy machine wall-clock rounds vary a lot; CPU time per request varies much less.
  const cpuRatio = b.cpu / s.cpu;
  const durableRatio = d.perSecond / s.perSecond;
  const durableCpuRatio = s.cpu / d.cpu;
  if (round > 1) {
    ratios.push(ratio);
    cpuRatios.push(cpuRatio);
    p99s.push(s.p99);
    steadyP99s.push(steady.p99);
    bareSteadyP99s.push(bareSteady.p99);
    durableRatios.push(durableRatio);
    durableCpuRatios.push(durableCpuRatio);
  }
  console.log(
    `[sandbox bench] round ${round}${round === 1 ? " (warm-up)" : ""}: ${REQUESTS} pre-signed sales, ${CONCURRENCY} concurrent keep-alive connections; ` +
      `sandbox ${s.text}; durable ${d.text}; bare node:http ${b.text}; sandbox to bare ${ratio.toFixed(2)} (by CPU per request ${cpuRatio.toFixed(2)}); ` +
      `durable to sandbox ${durableRatio.toFixed(2)} (by CPU ${durableCpuRatio.toFixed(2)})${versus}; ` +
      `at a steady ${STEADY_RATE} sales/s, each in a process of its own: sandbox ${steady.latency}, bare node:http ${bareSteady.latency}; none lost or duplicated`,
  );
}

describe("sandbox under load, from a separate process", () => {
  bench(
    `${REQUESTS} pre-signed sales from ${CONCURRENCY} keep-alive connections: bare node:http, sandbox, durable, last release`,
    oneRound,
    {
      iterations: ROUNDS,
      warmupIterations: 1,
      time: 0,
      warmupTime: 0,
    },
  );
});
