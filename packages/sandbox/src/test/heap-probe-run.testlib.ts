import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The live heap (after a full collection) of the probe's process once it had sent `sales` sales. */
export interface HeapCheckpoint {
  readonly sales: number;
  readonly heapUsed: number;
  readonly seconds: number;
}

/** What the probe runs with: see `heap-probe.testlib.ts`. */
export interface HeapProbePlan {
  readonly checkpoints: readonly number[];
  readonly maxOrders: number;
  readonly latencyMs: number;
  readonly settleDelayMs: number;
}

/**
 * Runs `heap-probe.testlib.ts` in a child process of its own (node --expose-gc, sources through
 * tsx) and resolves to its checkpoints; rejects with its stderr when it fails.
 */
export function runHeapProbe(plan: HeapProbePlan, timeoutMs: number): Promise<HeapCheckpoint[]> {
  const probe = join(dirname(fileURLToPath(import.meta.url)), "heap-probe.testlib.ts");
  const env = {
    ...process.env,
    HEAP_PROBE_CHECKPOINTS: plan.checkpoints.join(","),
    HEAP_PROBE_MAX_ORDERS: String(plan.maxOrders),
    HEAP_PROBE_LATENCY_MS: String(plan.latencyMs),
    HEAP_PROBE_SETTLE_DELAY_MS: String(plan.settleDelayMs),
  };
  const args = ["--expose-gc", "--conditions", "source", "--import", "tsx", probe];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env, timeout: timeoutMs, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error !== null) return reject(new Error(`heap probe failed: ${error.message}\n${stderr}`));
      resolve(
        stdout
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as HeapCheckpoint),
      );
    });
  });
}
