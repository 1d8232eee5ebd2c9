// The heap probe of `bounded-heap.soak.e2e.test.ts` and `sandbox-scale.bench.ts`, run as a child
// process with --expose-gc so that its heap holds nothing but a sandbox and the requests it is
// sent (`runHeapProbe`): it starts a sandbox with `maxOrders` (HEAP_PROBE_MAX_ORDERS, default
// 2,000), the latency HEAP_PROBE_LATENCY_MS and the settlement delay HEAP_PROBE_SETTLE_DELAY_MS,
// sends sales over keep-alive connections up to each of HEAP_PROBE_CHECKPOINTS, and after each
// collects garbage and prints one JSON line `{ "sales": N, "heapUsed": BYTES, "seconds": S }`.
// Bodies are built as they are sent, never all at once.
import { Agent } from "node:http";
import { startSandbox } from "../index.js";
import { post } from "./load-generator.testlib.js";
import { signedSaleBody } from "./raw-sale.testlib.js";

const MAX_ORDERS = Number(process.env["HEAP_PROBE_MAX_ORDERS"] ?? 2_000);
const CHECKPOINTS = (process.env["HEAP_PROBE_CHECKPOINTS"] ?? "5000,10000,20000").split(",").map(Number);
const CONCURRENCY = 20;
const CONTROL_KEY = "HEAP-PROBE-CONTROL-KEY";

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error("heap probe: run node with --expose-gc");

function heapAfterCollecting(): number {
  // Twice: the first pass may leave what only a second one finds (weak references, finalizers).
  collect?.();
  collect?.();
  return process.memoryUsage().heapUsed;
}

const sandbox = await startSandbox({
  latencyMs: Number(process.env["HEAP_PROBE_LATENCY_MS"] ?? 0),
  settleDelayMs: Number(process.env["HEAP_PROBE_SETTLE_DELAY_MS"] ?? Number.POSITIVE_INFINITY),
  ...(process.env["HEAP_PROBE_DATA_DIR"] === undefined ? {} : { dataDir: process.env["HEAP_PROBE_DATA_DIR"] }),
  controlKey: CONTROL_KEY,
  publicKey: "not used by sales",
  maxOrders: MAX_ORDERS,
});
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const target = new URL(`${sandbox.url}/api/v2/sale/1111`);
const started = performance.now();
let sent = 0;
for (const checkpoint of CHECKPOINTS) {
  const upTo = checkpoint;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = sent++; i < upTo; i = sent++) {
        const fields = signedSaleBody({ endpointId: "1111", controlKey: CONTROL_KEY }, `heap-${i}`, { amount: "1.00" });
        const { status } = await post(agent, target, new URLSearchParams(fields).toString());
        if (status !== 200) throw new Error(`sale ${i}: HTTP ${status}`);
      }
    }),
  );
  sent = upTo;
  // Let the last sales reach their final status, so that the cap may forget them.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ sales: checkpoint, heapUsed: heapAfterCollecting(), seconds }));
}
agent.destroy();
await sandbox.close();
