import { createGateway, type GatewayBody, type GatewayError } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FaultKind, faultKinds, type Sandbox, startSandbox } from "../index.js";
import { everyAdminOrder } from "./admin-orders.testlib.js";
import { orderId, paymentBody } from "./sandbox-fixture.testlib.js";

// A few hundred sales through the sandbox's rate faults of every kind, paid the way the client
// README and the guide "When the reply is lost" say: store the id, send, recover on an unknown
// outcome, send again only when the gateway has no order. Checked against the sandbox's own book.
const sales = 300;
const rates = Object.fromEntries(Object.keys(faultKinds).map((kind) => [kind, 0.04])) as Record<FaultKind, number>;

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

describe("a shop following the lost-reply pattern through every network fault", () => {
  it(`pays ${sales} sales, each exactly once, and believes what the gateway did`, async () => {
    const clock = {
      now: () => sandbox.clock.now().getTime(),
      sleep: async (ms: number) => void (await sandbox.clock.advance(ms)),
    };
    const gateway = createGateway({
      baseUrl: sandbox.url,
      endpointId: sandbox.endpointId,
      login: sandbox.login,
      controlKey: sandbox.controlKey,
      timeoutMs: 200,
    });
    const shop = new Map<string, string>();
    const errors: GatewayError[] = [];
    let recoveries = 0;
    let resends = 0;

    async function pay(body: GatewayBody<"sale">): Promise<void> {
      const id = body.client_orderid;
      shop.set(id, "sending");
      for (let attempt = 1; attempt <= 10; attempt++) {
        const sent = await gateway.sale(body);
        if (!sent.error) {
          const final = await gateway.waitForFinalStatus(
            { client_orderid: id, orderid: sent.data["paynet-order-id"] },
            { clock },
          );
          if (final.error) throw final.error;
          shop.set(id, final.data.status);
          return;
        }
        errors.push(sent.error);
        if (sent.error.outcome === "not-applied") {
          shop.set(id, "refused");
          return;
        }
        recoveries += 1;
        const recovered = await gateway.recoverOrder({ client_orderid: id }, { clock });
        if (recovered.error) throw recovered.error;
        if (recovered.data.found) {
          shop.set(id, recovered.data.status);
          return;
        }
        resends += 1;
      }
    }

    const started = performance.now();
    const ids = Array.from({ length: sales }, () => orderId("soak"));
    for (let i = 0; i < ids.length; i += 10) {
      await Promise.all(ids.slice(i, i + 10).map((id) => pay(paymentBody(id) as GatewayBody<"sale">)));
    }
    const seconds = (performance.now() - started) / 1000;

    const orders = await everyAdminOrder<{ client_orderid: string; status: string }>(sandbox.url);
    const atGateway = new Map<string, string[]>();
    for (const order of orders)
      atGateway.set(order.client_orderid, [...(atGateway.get(order.client_orderid) ?? []), order.status]);

    const twice = ids.filter((id) => (atGateway.get(id)?.length ?? 0) > 1);
    const approvedButNotBelieved = ids.filter(
      (id) => atGateway.get(id)?.includes("approved") && shop.get(id) !== "approved",
    );
    const believedButNotThere = ids.filter(
      (id) => shop.get(id) === "approved" && !atGateway.get(id)?.includes("approved"),
    );
    const withoutAdvice = errors.filter(
      (e) =>
        e.outcome === "unknown" &&
        !(e.message.includes("recoverOrder") && e.clientOrderId !== undefined && e.message.includes(e.clientOrderId)),
    );
    const byKind = Object.fromEntries(
      Object.keys(faultKinds).map((kind) => [
        kind,
        faultLines.filter((l) => l.includes(`network fault ${kind} `)).length,
      ]),
    );
    const byCode: Record<string, number> = {};
    for (const e of errors) byCode[e.code] = (byCode[e.code] ?? 0) + 1;

    console.log(
      `fault soak: ${sales} sales in ${seconds.toFixed(1)} s, ${faultLines.length} faults played ${JSON.stringify(byKind)}; ` +
        `sale errors ${JSON.stringify(byCode)}; ${recoveries} recoveries, ${resends} resends; ` +
        `${orders.length} orders at the gateway, ${[...shop.values()].filter((s) => s === "approved").length} approved in the shop`,
    );
    expect(twice).toEqual([]);
    expect(approvedButNotBelieved).toEqual([]);
    expect(believedButNotThere).toEqual([]);
    expect(withoutAdvice.map((e) => e.message)).toEqual([]);
    expect([...shop.values()].every((s) => s === "approved")).toBe(true);
    // The run met every kind of fault, on sales and on status queries.
    for (const kind of Object.keys(faultKinds)) expect(byKind[kind], kind).toBeGreaterThan(0);
    expect(resends).toBeGreaterThan(0);
  }, 120_000);
});
