import { describe, expect, it } from "vitest";
import { runHeapProbe } from "./heap-probe-run.testlib.js";

// What the sandbox keeps of each sale it holds (the order, its timeline, the request as the
// dashboard shows it): the live heap after a full collection, in a process of its own
// (heap-probe.testlib.ts), grown from 1,000 sales to 3,000 with no cap, divided by the 2,000
// sales between. Every byte kept is a byte each full collection walks: at 2,000 sales a second the
// collections are what lengthen the slowest replies (issue 52). It was about 5.3 KB a sale while
// each order kept a map of 43-character digests and a kept field could hold the whole request
// body; about 3.6 KB since, and 3.2 KB since the fingerprints of sales sent with the same fields
// share one list of their names (each kept an array of 18 names of its own, some 400 bytes).
describe("the heap a sale keeps", () => {
  it("is under 3.5 KB a sale with no cap on orders", async () => {
    const [first, last] = await runHeapProbe(
      { checkpoints: [1_000, 3_000], maxOrders: 1_000_000_000, latencyMs: 5, settleDelayMs: Infinity },
      120_000,
    );
    const perSale = ((last?.heapUsed ?? Number.NaN) - (first?.heapUsed ?? Number.NaN)) / 2_000;
    expect(perSale).toBeLessThan(3_500);
  }, 150_000);
});
