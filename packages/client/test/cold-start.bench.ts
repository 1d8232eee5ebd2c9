import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { bench, describe } from "vitest";
import { asyncReply, saleBody } from "./test-server.js";

// Cold start (issue 36): a fresh Node process that imports the client, creates a gateway and
// sends one signed sale, against the same sale done by hand with fetch and Web Crypto, each in a
// fresh process of the Node running the bench (`cold-start-probe.mjs`, plain node, so the
// packages load from their built dist/ as a user's would: `pnpm bench` builds first). Its goal
// (tools/bench/bench-goals.json) is on the median of each round's client / by-hand ratio. Each package's
// import alone is timed the same way, and the client's time is split into its import and the rest
// (createGateway and the first sale). Runs are interleaved (the order rotating each round) and
// compared by median, so load on the machine favours none.
const probe = fileURLToPath(new URL("./cold-start-probe.mjs", import.meta.url));
const run = promisify(execFile);
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";

// The server checks the control digest (node:crypto, a second implementation), so both sides of
// the ratio pay for a real signature.
const expectedControl = createHash("sha1")
  .update(`1111${saleBody.client_orderid}${String(saleBody.amount).replace(".", "")}${saleBody.email}${controlKey}`)
  .digest("hex");
const reply = JSON.stringify(asyncReply());
const server = createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => {
    body += chunk;
  });
  req.on("end", () => {
    const signed = new URLSearchParams(body).get("control") === expectedControl;
    res.writeHead(signed ? 200 : 400, { "content-type": "application/vnd.pay+json" });
    res.end(signed ? reply : JSON.stringify({ type: "validation-error", "error-message": "bad control" }));
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
server.unref();
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet`;

interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number;
}
interface ProbeResult {
  readonly imported: Timing;
  readonly done: Timing;
}

async function fresh(what: string): Promise<ProbeResult> {
  const { stdout } = await run(process.execPath, [probe, what, baseUrl, JSON.stringify(saleBody), controlKey]);
  return JSON.parse(stdout) as ProbeResult;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const packages = ["@card-processing/types", "@card-processing/signing", "@card-processing/client", "openapi-fetch"];
const TARGET = (
  JSON.parse(readFileSync(new URL("../../../tools/bench/bench-goals.json", import.meta.url), "utf8")) as {
    readonly coldStartToByHand: { readonly atMost: number };
  }
).coldStartToByHand.atMost;

async function printColdStart(rounds = 41, warmup = 2): Promise<void> {
  const probes = ["by-hand", "client", ...packages.map((name) => `import:${name}`)];
  const results = new Map<string, ProbeResult[]>(probes.map((what) => [what, []]));
  // The first rounds warm the disk cache and the server; they are not counted.
  for (let i = 0; i < warmup + rounds; i++) {
    for (let k = 0; k < probes.length; k++) {
      const what = probes[(i + k) % probes.length]!;
      const result = await fresh(what);
      if (i >= warmup) results.get(what)!.push(result);
    }
  }
  const of = (what: string, pick: (result: ProbeResult) => number) => median(results.get(what)!.map(pick));
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`[cold start] ${rounds} interleaved rounds of fresh processes (Node ${process.versions.node}), medians`);
  for (const name of packages) {
    console.log(
      `[cold start] import ${name}: ${fmt(of(`import:${name}`, (r) => r.imported.wallMs))} (CPU ${fmt(of(`import:${name}`, (r) => r.imported.cpuMs))})`,
    );
  }
  const byHand = { wall: of("by-hand", (r) => r.done.wallMs), cpu: of("by-hand", (r) => r.done.cpuMs) };
  const client = { wall: of("client", (r) => r.done.wallMs), cpu: of("client", (r) => r.done.cpuMs) };
  console.log(
    `[cold start] by hand (fetch + Web Crypto), first signed sale: ${fmt(byHand.wall)} (CPU ${fmt(byHand.cpu)})`,
  );
  console.log(
    `[cold start] client: import ${fmt(of("client", (r) => r.imported.wallMs))}, import + createGateway + first signed sale ${fmt(client.wall)} (CPU ${fmt(client.cpu)})`,
  );
  // The pairs: the client's and the by-hand run of the same round, taken moments apart.
  const pairs = (pick: (result: ProbeResult) => number) =>
    results.get("client")!.map((result, i) => pick(result) / pick(results.get("by-hand")![i]!));
  for (const [clock, pick] of [
    ["wall", (r: ProbeResult) => r.done.wallMs],
    ["CPU", (r: ProbeResult) => r.done.cpuMs],
  ] as const) {
    const ratio = median(pairs(pick));
    console.log(
      `[cold start] client / by hand (${clock}), median of ${rounds} pairs: ${ratio.toFixed(2)}x (target <= ${TARGET}x): ${ratio <= TARGET ? "ok" : "OVER"}`,
    );
  }
  const importShare = median(results.get("client")!.map((r) => r.imported.cpuMs));
  const afterImport = median(results.get("client")!.map((r) => r.done.cpuMs - r.imported.cpuMs));
  console.log(
    `[cold start] client CPU split: import ${fmt(importShare)}, createGateway + first signed sale ${fmt(afterImport)}; by hand ${fmt(byHand.cpu)} in all`,
  );
  // Where the client's extra CPU goes, pair by pair: its import, and what its createGateway and
  // first sale take beyond the whole sale by hand (both pay for loading fetch and Web Crypto).
  const beyondHand = (pick: (result: ProbeResult) => number) =>
    median(results.get("client")!.map((result, i) => pick(result) - results.get("by-hand")![i]!.done.cpuMs));
  const extra = beyondHand((r) => r.done.cpuMs);
  const firstCall = beyondHand((r) => r.done.cpuMs - r.imported.cpuMs);
  console.log(
    `[cold start] client's extra CPU over by hand: ${fmt(extra)}, of which the import ${fmt(importShare)} and the first call beyond the sale by hand ${fmt(firstCall)}`,
  );
}

// Printed before the tinybench tables so the ratios are not lost among them.
await printColdStart();

describe("a fresh process: first signed sale on 127.0.0.1 (process start to exit)", () => {
  const options = { time: 1_000, iterations: 10, warmupIterations: 1 };
  bench("by hand: fetch + Web Crypto", () => fresh("by-hand").then(() => undefined), options);
  bench(
    "@card-processing/client: import, createGateway, gateway.sale",
    () => fresh("client").then(() => undefined),
    options,
  );
});
