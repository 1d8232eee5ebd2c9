import { readFileSync } from "node:fs";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { type Sandbox, startProxy, startSandbox, type ValidationProxy } from "../index.js";
import { controlFor } from "./request-signing.testlib.js";
import { paymentBody } from "./sandbox-fixture.testlib.js";

/** What the proxy may add to a status query's median (tools/bench/bench-goals.json). */
const GOAL_MS = (
  JSON.parse(readFileSync(new URL("../../../../tools/bench/bench-goals.json", import.meta.url), "utf8")) as {
    readonly proxyAddedMs: { readonly atMost: number };
  }
).proxyAddedMs.atMost;

// What the validation proxy adds to a request on loopback: a signed status query to the sandbox
// directly and through the proxy (checking requests, replies and signatures), interleaved, one
// request at a time. Target: under 2 ms more at the median.
let sandbox: Sandbox;
let proxy: ValidationProxy;
let body: URLSearchParams;
const direct: number[] = [];
const proxied: number[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 5, settleDelayMs: Infinity });
  proxy = await startProxy({ upstream: sandbox.url, controlKey: sandbox.controlKey });
  const sale = { ...paymentBody("BENCH-1") };
  const signed = { ...sale, control: await controlFor(sandbox, "/api/v2/sale/{endpointId}", sale) };
  const reply = (await (await post(sandbox.url, "sale", new URLSearchParams(signed))).json()) as {
    "paynet-order-id": string;
  };
  const status = { login: sandbox.login, client_orderid: "BENCH-1", orderid: String(reply["paynet-order-id"]) };
  body = new URLSearchParams({ ...status, control: await controlFor(sandbox, "/api/v2/status/{endpointId}", status) });
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  if (direct.length > 0)
    console.log(
      `[proxy bench] status query median: direct ${median(direct).toFixed(3)} ms, through the proxy ${median(proxied).toFixed(3)} ms, added ${(median(proxied) - median(direct)).toFixed(3)} ms (goal ≤ ${GOAL_MS} ms) over ${direct.length} pairs`,
    );
});

function post(base: string, operation: string, form: URLSearchParams): Promise<Response> {
  return fetch(`${base}/api/v2/${operation}/${sandbox.endpointId}`, {
    method: "POST",
    headers: { accept: "application/vnd.pay+json" },
    body: form,
  });
}

async function timed(base: string, into: number[]): Promise<void> {
  const started = performance.now();
  const reply = await post(base, "status", body);
  await reply.arrayBuffer();
  into.push(performance.now() - started);
}

describe("the validation proxy's overhead on loopback", () => {
  bench(
    "status: sandbox direct, then through the proxy (interleaved)",
    async () => {
      await timed(sandbox.url, direct);
      await timed(proxy.url, proxied);
    },
    { time: 3_000, warmupTime: 500 },
  );
});
