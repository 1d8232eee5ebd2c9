import { describe, expect, it } from "vitest";
import { runHeapProbe } from "./heap-probe-run.testlib.js";

// maxOrders bounds memory, not only the order book: past the cap, what the sandbox keeps for a
// sale (its timeline, requests, the index of its client_orderid, its settlement timer...) must be
// forgotten with it. Measured in a process of its own (node --expose-gc), the live heap after a
// full collection at 5,000 and at 20,000 sales with a cap of 2,000 and the CLI's 60 s settlement
// delay. Before settlement timers went with their orders, it grew by about 600 bytes a sale.
describe("maxOrders bounds the heap", () => {
  it("keeps the live heap flat past the cap: under 100 bytes more per sale from 5,000 to 20,000 sales", async () => {
    const [atCap, later] = await runHeapProbe(
      { checkpoints: [5_000, 20_000], maxOrders: 2_000, latencyMs: 5, settleDelayMs: 60_000 },
      60_000,
    );
    if (atCap === undefined || later === undefined) throw new Error("the heap probe printed no checkpoints");
    const perSale = (later.heapUsed - atCap.heapUsed) / (later.sales - atCap.sales);
    console.log(
      `bounded heap: ${(atCap.heapUsed / 1e6).toFixed(1)} MB at ${atCap.sales} sales, ` +
        `${(later.heapUsed / 1e6).toFixed(1)} MB at ${later.sales} (${perSale.toFixed(0)} bytes a sale), ${later.seconds.toFixed(1)} s`,
    );
    expect(perSale).toBeLessThan(100);
  }, 70_000);
});
