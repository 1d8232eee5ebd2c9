import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { bench, describe } from "vitest";
import { createGateway } from "../src/create-gateway.js";
import { asyncReply, saleBody } from "./test-server.js";

// Sequential signed sales against a local server: the full client (checks, form encoding,
// signing middleware, reply parsing) against bare fetch with a hand-computed control.
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
const reply = JSON.stringify(asyncReply());
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/vnd.pay+json" });
    res.end(reply);
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
server.unref();
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet`;

const sale = saleBody;

const gateway = createGateway({ baseUrl, endpointId: 1111, login: "test-merchant", controlKey });

async function bareSale(): Promise<void> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(`1111${sale.client_orderid}1042${sale.email}${controlKey}`));
  const control = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  const response = await fetch(`${baseUrl}/api/v2/sale/1111`, {
    method: "POST",
    headers: { Accept: "application/vnd.pay+json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...(sale as Record<string, string>), control }),
  });
  await response.json();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function clientSale(): Promise<void> {
  const { error } = await gateway.sale(sale);
  if (error) throw error;
}

/**
 * tinybench runs one task after the other, so load on the machine can favour either; the ratio is
 * measured on interleaved pairs instead (order alternating) and compared by median.
 */
async function printRatio(pairs = 3_000, warmup = 1_000): Promise<void> {
  const client: number[] = [];
  const bare: number[] = [];
  // Both paths are compiled and the connection pool is warm before anything is timed.
  for (let i = 0; i < warmup; i++) {
    await clientSale();
    await bareSale();
  }
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? ([clientSale, bareSale] as const) : ([bareSale, clientSale] as const);
    for (const run of order) {
      const started = performance.now();
      await run();
      (run === clientSale ? client : bare).push(performance.now() - started);
    }
  }
  const ratio = median(client) / median(bare);
  const overheadUs = (median(client) - median(bare)) * 1000;
  console.log(
    `[client bench] ${pairs} interleaved pairs after ${warmup} warm-up pairs: client median ${median(client).toFixed(3)} ms, ` +
      `bare fetch median ${median(bare).toFixed(3)} ms, ratio ${ratio.toFixed(3)}x (target <= 1.15x), ` +
      `overhead ${overheadUs.toFixed(0)} µs per request`,
  );
}

// Printed before the tinybench tables so the ratio is not lost among them.
await printRatio();

describe("signed sale round trip on 127.0.0.1", () => {
  bench("bare fetch + hand-computed control", bareSale, { time: 2_000, warmupTime: 300 });
  bench("gateway.sale (client + signing middleware)", clientSale, { time: 2_000, warmupTime: 300 });
});
