import { createGateway } from "@card-processing/client";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { startSandbox, type Sandbox } from "./index.js";
import { paymentBody } from "./sandbox-fixture.testlib.js";

const SALES = 1_000;
const CLIENTS = 50;
let sandbox: Sandbox;
let round = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 5, settleDelayMs: Infinity });
});
afterAll(async () => {
  await sandbox?.close();
});

interface AdminOrder {
  readonly orderid: string;
  readonly client_orderid: string;
  readonly status: string;
}

async function thousandSales(): Promise<void> {
  round += 1;
  const ids = Array.from({ length: SALES }, (_, i) => `bench-${round}-${i}`);
  const latencies: number[] = [];
  const orderIds: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      // Each concurrent client is its own gateway instance, as 50 merchant processes would be.
      const gateway = createGateway({ baseUrl: sandbox.url, endpointId: 1111, login: sandbox.login, controlKey: sandbox.controlKey });
      for (let i = next++; i < SALES; i = next++) {
        const t0 = performance.now();
        const { data, error } = await gateway.sale(paymentBody(ids[i] ?? "", "4111111111111111", "1.00"));
        latencies.push(performance.now() - t0);
        if (error) throw error;
        orderIds.push(data["paynet-order-id"]);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? NaN;

  await new Promise((r) => setTimeout(r, 50));
  const response = await fetch(`${sandbox.url}/_admin/orders`);
  const { orders } = (await response.json()) as { orders: AdminOrder[] };
  const mine = orders.filter((o) => o.client_orderid.startsWith(`bench-${round}-`));
  const distinctClientIds = new Set(mine.map((o) => o.client_orderid));
  const distinctOrderIds = new Set(orderIds);
  const approved = mine.filter((o) => o.status === "approved").length;
  if (mine.length !== SALES || distinctClientIds.size !== SALES || distinctOrderIds.size !== SALES || approved !== SALES) {
    throw new Error(`orders lost or duplicated: ${mine.length} orders, ${distinctClientIds.size} client ids, ${distinctOrderIds.size} order ids, ${approved} approved`);
  }
  console.log(
    `[sandbox bench] ${SALES} sales from ${CLIENTS} concurrent clients in ${seconds.toFixed(2)} s: ` +
      `${(SALES / seconds).toFixed(0)} requests/s, p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms; ` +
      `${mine.length} orders, none lost or duplicated, all approved`,
  );
}

describe("sandbox under load", () => {
  bench("1,000 signed sales from 50 concurrent clients", thousandSales, { iterations: 3, warmupIterations: 1, time: 0, warmupTime: 0 });
});
