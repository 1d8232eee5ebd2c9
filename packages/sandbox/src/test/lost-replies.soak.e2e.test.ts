import { createGateway, type Gateway, type GatewayBody, type GatewayError } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FaultKind, faultKinds, type Sandbox, startSandbox } from "../index.js";
import { everyAdminOrder } from "./admin-orders.testlib.js";
import { orderId, paymentBody } from "./sandbox-fixture.testlib.js";

// A few hundred orders through the sandbox's rate faults of every kind, paid the way the client
// README and the guide "When the reply is lost" say: store the id, send, recover on an unknown
// outcome, send again only when the gateway has no order (or, for a capture or a return, when the
// order shows it did not take effect). A third of the orders are sales with a partial return, a
// third preauthorizations with a capture, a third sales. Checked against the sandbox's own book
// and its request log (`sandbox.requests()`): one applied request per money movement. The sandbox
// runs its default duplicate rule, "new-order": a resend that reached the gateway twice moves money
// twice, so a shop that resends at once on an unknown outcome is caught, as the last test shows.
const orders = 300;
const rates = Object.fromEntries(Object.keys(faultKinds).map((kind) => [kind, 0.04])) as Record<FaultKind, number>;
const moneyMoving = ["sale", "preauth", "capture", "return"] as const;
type Movement = (typeof moneyMoving)[number];

let sandbox: Sandbox;
const faultLines: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    clock: "manual",
    latencyMs: 1_000,
    settleDelayMs: Infinity,
    faults: { rates, seed: 2026, delayMs: 400 },
    logger: (line) => {
      if (line.includes("network fault")) faultLines.push(line);
    },
  });
});
afterAll(() => sandbox.close());

function gatewayOf(to: Sandbox): Gateway {
  return createGateway({
    baseUrl: to.url,
    endpointId: to.endpointId,
    login: to.login,
    controlKey: to.controlKey,
    timeoutMs: 200,
  });
}

function clockOf(to: Sandbox) {
  return {
    now: () => to.clock.now().getTime(),
    sleep: async (ms: number) => void (await to.clock.advance(ms)),
  };
}

/** How many requests of each money-moving operation the gateway applied (answered 200), by client_orderid. */
function appliedByOrder(to: Sandbox): Map<string, Record<Movement, number>> {
  const applied = new Map<string, Record<Movement, number>>();
  for (const operation of moneyMoving) {
    for (const request of to.requests({ operation })) {
      if (request.http_status !== 200 || request.client_orderid === undefined) continue;
      const counts = applied.get(request.client_orderid) ?? { sale: 0, preauth: 0, capture: 0, return: 0 };
      counts[operation] += 1;
      applied.set(request.client_orderid, counts);
    }
  }
  return applied;
}

describe("a shop following the lost-reply pattern through every network fault", () => {
  it(`pays ${orders} orders (sales, returns, preauthorizations, captures), each movement exactly once`, async () => {
    const clock = clockOf(sandbox);
    const gateway = gatewayOf(sandbox);
    const shop = new Map<string, string>();
    const intended = new Map<string, Record<Movement, number>>();
    const errors: GatewayError[] = [];
    let recoveries = 0;
    let resends = 0;

    async function pay(kind: "sale" | "preauth", body: GatewayBody<"sale">): Promise<string | undefined> {
      const id = body.client_orderid;
      shop.set(id, "sending");
      for (let attempt = 1; attempt <= 10; attempt++) {
        const sent = kind === "sale" ? await gateway.sale(body) : await gateway.preauth(body);
        if (!sent.error) {
          const orderid = sent.data["paynet-order-id"];
          const final = await gateway.waitForFinalStatus({ client_orderid: id, orderid }, { clock });
          if (final.error) throw final.error;
          shop.set(id, final.data.status);
          return orderid;
        }
        errors.push(sent.error);
        if (sent.error.outcome === "not-applied") {
          shop.set(id, "refused");
          return undefined;
        }
        recoveries += 1;
        let recovered = await gateway.recover(sent.error, { clock });
        // The gateway could not be asked (faults hit the status queries and reports too): ask again later.
        while (recovered.data?.applied === "unknown") recovered = await gateway.recover(sent.error, { clock });
        if (recovered.error) throw recovered.error;
        if (recovered.data.applied) {
          const { orderid } = recovered.data;
          const final = await gateway.waitForFinalStatus({ client_orderid: id, orderid }, { clock });
          if (final.error) throw final.error;
          shop.set(id, final.data.status);
          return orderid;
        }
        resends += 1;
      }
      return undefined;
    }

    /**
     * A capture or a return of `orderid`: the order's transactions of its type read first, then
     * recovered on an unknown outcome (the transactions report, not taking one read before for
     * its effect), and sent again only when it did not take effect.
     */
    async function follow(
      send: () => ReturnType<Gateway["capture"]> | ReturnType<Gateway["return"]>,
      id: string,
      orderid: string,
      type: "capture" | "reversal",
    ): Promise<void> {
      // The sandbox's manual clock, which the other workers move on meanwhile.
      const createdFromDate = new Date(clock.now() - 600_000);
      const read = () =>
        gateway.transactionReport({
          createdFromDate,
          createdToDate: new Date(clock.now() + 60_000),
          transactionTypes: [type],
        });
      let report = await read();
      // A report that did not answer in time is read again: it moves no money.
      for (let retry = 1; report.error?.outcome === "not-applied" && retry < 20; retry++) report = await read();
      if (report.error) throw report.error;
      const ids = report.data.filter((t) => t["paynet-order-id"] === orderid).map((t) => t.id);
      const transactionsBefore = { ids, createdFromDate };
      for (let attempt = 1; attempt <= 10; attempt++) {
        const sent = await send();
        if (!sent.error) {
          const final = await gateway.waitForFinalStatus({ client_orderid: id, orderid }, { clock });
          if (final.error) throw final.error;
          return;
        }
        errors.push(sent.error);
        if (sent.error.outcome === "not-applied") throw sent.error;
        recoveries += 1;
        let recovered = await gateway.recover(sent.error, { clock, transactionsBefore });
        // The gateway could not be asked (faults hit the status queries and reports too): ask again later.
        while (recovered.data?.applied === "unknown")
          recovered = await gateway.recover(sent.error, { clock, transactionsBefore });
        if (recovered.error) throw recovered.error;
        if (recovered.data.applied) return;
        resends += 1;
      }
      throw new Error(`order ${id}: not done after 10 tries`);
    }

    async function order(i: number, id: string): Promise<void> {
      const shape = i % 3;
      const kind = shape === 1 ? "preauth" : "sale";
      intended.set(id, { sale: 0, preauth: 0, capture: 0, return: 0, [kind]: 1 });
      const orderid = await pay(kind, paymentBody(id) as GatewayBody<"sale">);
      if (orderid === undefined || shop.get(id) !== "approved") return;
      const counts = intended.get(id);
      if (counts === undefined) return;
      if (shape === 0) {
        counts.return = 1;
        const body = { client_orderid: id, orderid, amount: "1.00", currency: "USD", comment: "one item back" };
        await follow(() => gateway.return(body), id, orderid, "reversal");
        shop.set(id, "returned");
      } else if (shape === 1) {
        counts.capture = 1;
        await follow(() => gateway.capture({ client_orderid: id, orderid }), id, orderid, "capture");
        shop.set(id, "captured");
      }
    }

    const started = performance.now();
    const ids = Array.from({ length: orders }, () => orderId("soak"));
    // Ten shops' workers, each taking the next order as soon as its last is done: a recovery that
    // waits for a request still on its way (the schedule's first delay, in real time) holds up
    // only its own worker.
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < ids.length; i = next++) await order(i, ids[i] as string);
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    const seconds = (performance.now() - started) / 1000;

    const atGateway = new Map<string, string[]>();
    for (const o of await everyAdminOrder<{ client_orderid: string; status: string }>(sandbox.url))
      atGateway.set(o.client_orderid, [...(atGateway.get(o.client_orderid) ?? []), o.status]);
    const applied = appliedByOrder(sandbox);
    const notOnce = ids.filter((id) => JSON.stringify(applied.get(id)) !== JSON.stringify(intended.get(id)));
    const twice = ids.filter((id) => (atGateway.get(id)?.length ?? 0) > 1);
    const withoutAdvice = errors.filter(
      (e) =>
        e.outcome === "unknown" &&
        !(
          e.message.includes("gateway.recover(error)") &&
          e.clientOrderId !== undefined &&
          e.message.includes(e.clientOrderId)
        ),
    );
    const byKind = Object.fromEntries(
      Object.keys(faultKinds).map((kind) => [
        kind,
        faultLines.filter((l) => l.includes(`network fault ${kind} `)).length,
      ]),
    );
    const byOperation = Object.fromEntries(
      moneyMoving.map((op) => [op, faultLines.filter((l) => l.includes(` ${op} network fault `)).length]),
    );
    const byCode: Record<string, number> = {};
    for (const e of errors) byCode[e.code] = (byCode[e.code] ?? 0) + 1;

    console.log(
      `fault soak: ${orders} orders in ${seconds.toFixed(1)} s, ${faultLines.length} faults played ${JSON.stringify(byKind)}, ` +
        `on ${JSON.stringify(byOperation)}; errors ${JSON.stringify(byCode)}; ${recoveries} recoveries, ${resends} resends; ` +
        `${sandbox.requests().length} requests received`,
    );
    expect(notOnce.map((id) => [id, intended.get(id), applied.get(id)])).toEqual([]);
    expect(twice).toEqual([]);
    expect(withoutAdvice.map((e) => e.message)).toEqual([]);
    expect(new Set(shop.values())).toEqual(new Set(["returned", "captured", "approved"]));
    // The run met every kind of fault, on every money-moving operation and on status queries.
    for (const kind of Object.keys(faultKinds)) expect(byKind[kind], kind).toBeGreaterThan(0);
    for (const op of moneyMoving) expect(byOperation[op], op).toBeGreaterThan(0);
    expect(resends).toBeGreaterThan(0);
  }, 180_000);

  it("catches a naive shop that sends a sale again at once on an unknown outcome: some sales applied twice", async () => {
    const naive = await startSandbox({
      clock: "manual",
      latencyMs: 1_000,
      settleDelayMs: Infinity,
      faults: { rates, seed: 2027, delayMs: 400 },
    });
    try {
      const gateway = gatewayOf(naive);
      const ids = Array.from({ length: 60 }, () => orderId("naive"));
      for (const id of ids) {
        for (let attempt = 1; attempt <= 10; attempt++) {
          const sent = await gateway.sale(paymentBody(id) as GatewayBody<"sale">);
          if (sent.error?.outcome !== "unknown") break; // approved, refused, or declined: done
        }
      }
      const applied = appliedByOrder(naive);
      const most = Math.max(...ids.map((id) => applied.get(id)?.sale ?? 0));
      const charged = ids.filter((id) => (applied.get(id)?.sale ?? 0) > 1);
      console.log(
        `naive shop: ${charged.length} of ${ids.length} sales applied more than once (at most ${most} times)`,
      );
      expect(most).toBeGreaterThan(1);
      // Each applied sale made an order of its own: the money moved as often.
      const atGateway = await everyAdminOrder<{ client_orderid: string }>(naive.url);
      for (const id of charged)
        expect(atGateway.filter((o) => o.client_orderid === id)).toHaveLength(applied.get(id)?.sale ?? 0);
    } finally {
      await naive.close();
    }
  }, 60_000);
});
