import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { startFilledSandbox } from "./filled-sandbox.testlib.js";
import { runHeapProbe } from "./heap-probe-run.testlib.js";
import { type LoadGenerator, startLoadGenerator } from "./load-generator-process.testlib.js";

// The sandbox at scale: BENCH_SCALE_ORDERS sales (default 20,000) from 50 keep-alive connections,
// sent by a load generator in its own process in batches of up to 100,000, reporting after each
// batch the throughput, this process's RSS (the sandbox runs in it) and the time of admin pages.
// BENCH_SCALE_MAX_ORDERS starts the sandbox with maxOrders. The sandbox keeps its state in a data
// directory (a temporary one; BENCH_SCALE_DATA_DIR=0 keeps it in memory only), and after the last
// batch it is restarted on it and the restart timed. BENCH_DASHBOARD_ORDERS (default
// 100,000) fills a sandbox in-process and times the dashboard in Chromium at 500 sales a second.
// BENCH_HEAP_SALES (default 1,000,000) sales go to a sandbox with maxOrders 2,000 and the CLI's
// 60 s settlement delay in a process of its own (heap-probe.testlib.ts), which reports its live
// heap after a full collection at 10,000, 100,000 and every 10th of the way on.
const ORDERS = Number(process.env["BENCH_SCALE_ORDERS"] ?? 20_000);
const MAX_ORDERS = process.env["BENCH_SCALE_MAX_ORDERS"];
const DASHBOARD_ORDERS = Number(process.env["BENCH_DASHBOARD_ORDERS"] ?? 100_000);
const HEAP_SALES = Number(process.env["BENCH_HEAP_SALES"] ?? 1_000_000);
const DATA_DIR = process.env["BENCH_SCALE_DATA_DIR"] === "0" ? undefined : mkdtempSync(join(tmpdir(), "scale-bench-"));
const BATCH = 100_000;
const CONTROL_KEY = "BENCH-CONTROL-KEY";

let generator: LoadGenerator;
let sandbox: Sandbox;

const scaleSandbox = () =>
  startSandbox({
    latencyMs: 5,
    settleDelayMs: Infinity,
    controlKey: CONTROL_KEY,
    publicKey: "not used by sales",
    ...(MAX_ORDERS === undefined ? {} : { maxOrders: Number(MAX_ORDERS) }),
    ...(DATA_DIR === undefined ? {} : { dataDir: DATA_DIR }),
  });

beforeAll(async () => {
  generator = startLoadGenerator();
  sandbox = await scaleSandbox();
});
afterAll(async () => {
  generator?.close();
  await sandbox?.close();
  if (DATA_DIR !== undefined) rmSync(DATA_DIR, { recursive: true, force: true });
});

/** The median time of `times` requests for one admin page, in milliseconds. */
async function pageTime(query: string, times = 20): Promise<number> {
  const spent: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await (await fetch(`${sandbox.url}/_admin/orders${query}`)).arrayBuffer();
    spent.push(performance.now() - started);
  }
  return spent.sort((a, b) => a - b)[Math.floor(times / 2)] ?? Number.NaN;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function scaleRun(): Promise<void> {
  const startRss = process.memoryUsage().rss;
  console.log(
    `[scale bench] ${ORDERS} sales${MAX_ORDERS === undefined ? "" : `, maxOrders ${MAX_ORDERS}`}, ${DATA_DIR === undefined ? "in memory" : "with a data directory"}; RSS at start ${mb(startRss)}`,
  );
  for (let sent = 0, batch = 1; sent < ORDERS; batch++) {
    const requests = Math.min(BATCH, ORDERS - sent);
    const result = await generator.run({
      url: sandbox.url,
      endpointId: "1111",
      controlKey: CONTROL_KEY,
      prefix: `scale-${batch}`,
      requests,
      concurrency: 50,
    });
    sent += requests;
    if (result.statuses["200"] !== requests) throw new Error(`batch ${batch}: ${JSON.stringify(result.statuses)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const middle = sandbox.orders({ limit: 1, q: `scale-${batch}-${Math.floor(requests / 2)}` }).orders[0]?.orderid;
    const first = await pageTime("");
    const deep = await pageTime(`?cursor=${middle ?? ""}`);
    const declined = await pageTime("?status=declined", 5);
    const search = await pageTime(`?q=scale-${batch}-7`, 5);
    const held = sandbox.orders({ limit: 1 }).orders.length;
    console.log(
      `[scale bench] ${sent} sales: ${(requests / result.seconds).toFixed(0)} req/s in this batch, RSS ${mb(process.memoryUsage().rss)}; ` +
        `admin page: first ${first.toFixed(1)} ms, by cursor ${deep.toFixed(1)} ms, status=declined (none) ${declined.toFixed(1)} ms, q=id ${search.toFixed(1)} ms${held === 0 ? " (empty)" : ""}`,
    );
  }
  if (DATA_DIR === undefined) return;
  await sandbox.close();
  const restarting = performance.now();
  sandbox = await scaleSandbox();
  const restartMs = performance.now() - restarting;
  const kept = sandbox.orders({ limit: 1 }).orders[0]?.orderid ?? "none";
  console.log(
    `[scale bench] restart on the data directory: ${restartMs.toFixed(0)} ms to take up the orders (newest ${kept}), RSS ${mb(process.memoryUsage().rss)}`,
  );
}

async function dashboardRun(): Promise<void> {
  if (!existsSync("/usr/bin/chromium")) return;
  const filling = performance.now();
  const filled = await startFilledSandbox(DASHBOARD_ORDERS);
  const fillSeconds = (performance.now() - filling) / 1000;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const sales = setInterval(() => filled.add(10), 20);
  try {
    const page = await browser.newPage();
    const opened = performance.now();
    await page.goto(filled.dashboardUrl);
    await page.locator("#order-rows tr").first().waitFor();
    const firstRows = performance.now() - opened;
    await page.waitForFunction(() => document.getElementById("live")?.textContent === "● live");
    filled.add(1);
    const added = Number(filled.engine.book.page({ limit: 1 }).orders[0]?.orderid);
    const addedAt = performance.now();
    await page.waitForFunction(
      (id) => Number(document.querySelector("#order-rows tr")?.getAttribute("data-orderid")) >= id,
      added,
    );
    console.log(
      `[scale bench] dashboard with ${DASHBOARD_ORDERS} orders (filled in ${fillSeconds.toFixed(1)} s) and 500 sales/s: ` +
        `first rows ${firstRows.toFixed(0)} ms after opening, a new order on top ${(performance.now() - addedAt).toFixed(0)} ms after it was made`,
    );
  } finally {
    clearInterval(sales);
    await browser.close();
    await filled.close();
  }
}

async function heapRun(): Promise<void> {
  const checkpoints = [
    ...new Set([10_000, 100_000, ...Array.from({ length: 10 }, (_, i) => (HEAP_SALES / 10) * (i + 1))]),
  ]
    .filter((n) => n <= HEAP_SALES)
    .sort((a, b) => a - b);
  const points = await runHeapProbe(
    { checkpoints, maxOrders: 2_000, latencyMs: 5, settleDelayMs: 60_000 },
    Math.max(600_000, HEAP_SALES * 2),
  );
  for (const point of points)
    console.log(
      `[scale bench] heap with maxOrders 2000: ${point.sales} sales, live heap ${mb(point.heapUsed)} after a full GC (${point.seconds.toFixed(0)} s)`,
    );
}

describe("sandbox at scale", () => {
  bench(`${ORDERS} sales, reported every ${BATCH}`, scaleRun, {
    iterations: 1,
    warmupIterations: 0,
    time: 0,
    warmupTime: 0,
  });
  bench(`${HEAP_SALES} sales with maxOrders 2000: live heap`, heapRun, {
    iterations: 1,
    warmupIterations: 0,
    time: 0,
    warmupTime: 0,
  });
  bench(`dashboard with ${DASHBOARD_ORDERS} orders`, dashboardRun, {
    iterations: 1,
    warmupIterations: 0,
    time: 0,
    warmupTime: 0,
  });
});
