import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { postForm, signedSaleBody } from "./raw-sale.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");
const CONTROL_KEY = "CRASH-KEY";

/**
 * Starts the CLI on `dataDir` and resolves with its URL once its banner is out. Its temporary
 * folder is `tmp`, the test's own: a process killed with SIGKILL cannot remove the key folder it made.
 */
async function startCli(dataDir: string, tmp: string): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(
    cli,
    ["--port", "0", "--control-key", CONTROL_KEY, "--latency-ms", "20", "--quiet", "--data-dir", dataDir],
    { env: { ...process.env, TMPDIR: tmp } },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 15_000 }).toMatch(/test CVV2:/);
  return { child, url: /url:\s+(\S+)/.exec(output)?.[1] ?? "" };
}

/** Every order id of the sandbox at `url`, by client order id, read page by page. */
async function ordersOf(url: string): Promise<Map<string, string>> {
  const orders = new Map<string, string>();
  let cursor = "";
  do {
    const response = await fetch(`${url}/_admin/orders?limit=500&cursor=${cursor}`);
    const page = (await response.json()) as {
      orders: Array<{ orderid: string; client_orderid: string }>;
      next_cursor: string | null;
    };
    for (const order of page.orders) orders.set(order.client_orderid, order.orderid);
    cursor = page.next_cursor ?? "";
  } while (cursor !== "");
  return orders;
}

describe("a sandbox with a data directory, killed under load", () => {
  // Killed with every sale still in the write-ahead log only, and again past the first checkpoint
  // (16 MB of log, some 900 to 1,500 sales), with most of them in the database itself.
  it.each([300, 2_000])(
    "loses no order it acknowledged: every sale answered 200 before kill -9 after %i is there after the restart",
    async (killAfter) => {
      const dataDir = await mkdtemp(join(tmpdir(), "sandbox-crash-"));
      const keyTmp = await mkdtemp(join(tmpdir(), "sandbox-crash-tmp-"));
      const agent = new Agent({ keepAlive: true, maxSockets: 20 });
      let first: ChildProcessWithoutNullStreams | undefined;
      let second: ChildProcessWithoutNullStreams | undefined;
      try {
        const started = await startCli(dataDir, keyTmp);
        first = started.child;
        const acknowledged = new Map<string, string>();
        let refusedOrLost = 0;
        let killed = false;
        // 20 clients send sales one after another until the process is gone.
        const clients = Array.from({ length: 20 }, async (_, client) => {
          for (let n = 0; !killed && n < 4_000; n++) {
            const clientOrderId = `crash-${client}-${n}`;
            const body = signedSaleBody({ endpointId: "1111", controlKey: CONTROL_KEY }, clientOrderId);
            try {
              const reply = await postForm(started.url, "/api/v2/sale/1111", body, agent);
              const orderid = (JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"];
              if (reply.status === 200 && typeof orderid === "string") acknowledged.set(clientOrderId, orderid);
              else refusedOrLost += 1;
            } catch {
              refusedOrLost += 1;
            }
          }
        });
        await expect.poll(() => acknowledged.size, { timeout: 60_000, interval: 20 }).toBeGreaterThan(killAfter);
        first.kill("SIGKILL");
        killed = true;
        await Promise.all(clients);
        // Only requests cut by the kill went unanswered.
        expect(refusedOrLost).toBeLessThanOrEqual(20);

        const restarted = await startCli(dataDir, keyTmp);
        second = restarted.child;
        const kept = await ordersOf(restarted.url);
        const missing = [...acknowledged].filter(([clientOrderId, orderid]) => kept.get(clientOrderId) !== orderid);
        expect(missing).toEqual([]);
        expect(kept.size).toBeGreaterThanOrEqual(acknowledged.size);
      } finally {
        agent.destroy();
        first?.kill("SIGKILL");
        second?.kill("SIGKILL");
        await rm(dataDir, { recursive: true, force: true });
        await rm(keyTmp, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
