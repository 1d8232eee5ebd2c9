import { documentedPollingSchedule, type Gateway } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, sandboxTime, startSandbox } from "../index.js";
import { type HoldingProxy, startHoldingProxy } from "./holding-proxy.testlib.js";
import { startLoadBalancer } from "./load-balancer.testlib.js";
import { dataOf, gatewayFor, orderId, paymentBody, transactionsBeforeOf } from "./sandbox-fixture.testlib.js";

// Recovery against a sandbox whose clock moves only when advanced (`sandboxTime`): each wait of a
// recovery then takes no real time, while a request on its way still does.
let sandbox: Sandbox;
let proxy: HoldingProxy;
beforeAll(async () => {
  sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000, settleDelayMs: Infinity, logger: () => {} });
  proxy = await startHoldingProxy(sandbox.url);
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});

/**
 * A gateway through the proxy that gives up on a reply after `timeoutMs`, on the documented
 * schedule: its first delay (3 s) is the real time a recovery waits for a request on its way.
 */
function gatewayWithin(timeoutMs: number): Gateway {
  return gatewayFor(sandbox, { baseUrl: proxy.url, timeoutMs, polling: documentedPollingSchedule });
}

/** An approved sale to return money from. */
async function approvedSale(): Promise<{ client_orderid: string; orderid: string }> {
  const patient = gatewayWithin(10_000);
  const id = orderId("late");
  const orderid = dataOf(await patient.sale(paymentBody(id) as never))["paynet-order-id"];
  await patient.waitForFinalStatus({ client_orderid: id, orderid }, { clock: sandboxTime(sandbox) });
  return { client_orderid: id, orderid };
}

const returnsApplied = (orderid: string) =>
  sandbox.requests({ orderid, operation: "return" }).filter((r) => r.http_status === 200).length;

describe("recovery of a request whose reply the client gave up on, under a manual sandbox clock", () => {
  it("waits in real time for a request still on its way: a return held 500 ms is found, not sent again", async () => {
    const order = await approvedSale();
    // The network holds the return past the client's 200 ms: it reaches the gateway after the timeout.
    const heldAnswered = proxy.holdNext("/return/", 500);
    const body = { ...order, amount: "1.00", currency: "USD", comment: "one item back" };
    const sent = dataOf(await gatewayWithin(200).sendOnce("return", body, { clock: sandboxTime(sandbox) }));
    // The first return settles before anything else arrives; then the held one is answered.
    await sandbox.clock.advance(2_000);
    await heldAnswered;
    expect(returnsApplied(order.orderid)).toBe(1);
    expect([sent.how, sent.sends]).toEqual(["recovered", 1]);
  });

  it("keeps the report's window where the failure was while its own waits advance the clock (no read before)", async () => {
    const order = await approvedSale();
    const balancer = await startLoadBalancer(sandbox.url);
    try {
      const gateway = gatewayFor(sandbox, {
        baseUrl: balancer.url,
        timeoutMs: 200,
        polling: { firstDelayMs: [2_500, 2_500] },
      });
      // Processed, its reply held past the timeout; the first report read is lost to a 503 page.
      sandbox.faults.next({ kind: "delay", operation: "return", delayMs: 400 });
      balancer.next({ path: "/transaction-report", status: 503, body: "html", forward: false });
      const body = { ...order, amount: "1.00", currency: "USD", comment: "one item back" };
      const lost = await gateway.return(body);
      expect(lost.error?.code).toBe("ERR_TIMEOUT");
      // With a skew of 1 s, the wait after the 503 moves the clock 2.5 s: past where a window
      // measured from each look's clock would start, and "not there" would be a second refund.
      // Not told what the order held before, it sees the return and cannot tell it is this one.
      const options = { clock: sandboxTime(sandbox), clockSkewMs: 1_000 };
      const found = dataOf(await gateway.recover(lost.error, options));
      expect(found.applied === "unknown" && found.reason).toMatch(/cannot tell/);
      expect(returnsApplied(order.orderid)).toBe(1);
    } finally {
      await balancer.close();
    }
  });

  /**
   * A gateway whose return is applied and its reply lost, and before the client hears of it the
   * shared clock moves on by two minutes, as a test next to this one advancing it would do.
   */
  function gatewayWhoseClockJumps(): Gateway {
    sandbox.faults.next({ kind: "reset-after", operation: "return" });
    return gatewayFor(sandbox, {
      fetch: async (request) => {
        try {
          return await fetch(request);
        } finally {
          if (request.url.includes("/return/")) await sandbox.clock.advance(120_000);
        }
      },
    });
  }

  it("sendOnce finds a return made before the clock jumped (from where it read the order), not sent again", async () => {
    const order = await approvedSale();
    const body = { ...order, amount: "1.00", currency: "USD", comment: "one item back" };
    const gateway = gatewayWhoseClockJumps();
    const sent = dataOf(await gateway.sendOnce("return", body, { clock: sandboxTime(sandbox) }));
    expect(returnsApplied(order.orderid)).toBe(1);
    expect([sent.how, sent.sends]).toEqual(["recovered", 1]);
  });

  it("recover with transactionsBefore read by hand finds a return made before the clock jumped", async () => {
    const order = await approvedSale();
    const body = { ...order, amount: "1.00", currency: "USD", comment: "one item back" };
    const gateway = gatewayWhoseClockJumps();
    const transactionsBefore = await transactionsBeforeOf(
      gateway,
      order.orderid,
      "reversal",
      sandbox.clock.now().getTime(),
    );
    const { error } = await gateway.return(body);
    expect(error?.outcome).toBe("unknown");
    const found = dataOf(await gateway.recover(error, { clock: sandboxTime(sandbox), transactionsBefore }));
    expect(found.applied).toBe(true);
    expect(returnsApplied(order.orderid)).toBe(1);
  });
});
