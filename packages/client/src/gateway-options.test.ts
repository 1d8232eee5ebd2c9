import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../test/test-server.js";
import { createGateway } from "./create-gateway.js";
import type { CreateGatewayOptions } from "./gateway-options.js";
import type { PollClock } from "./polling/polling-schedule.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** `value`, with every read of it (a property, its keys) recorded in `reads` once `watching.on` is set. */
function watched<T extends object>(value: T, name: string, reads: string[], watching: { on: boolean }): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      if (watching.on) reads.push(`${name}.${String(key)}`);
      return Reflect.get(target, key, receiver);
    },
    ownKeys(target) {
      if (watching.on) reads.push(`keys of ${name}`);
      return Reflect.ownKeys(target);
    },
  });
}

describe("createGateway's options", () => {
  it("are read and checked while the gateway is created, never again by a call, a wait, a recovery or the report", async () => {
    server = await startTestServer((request) => {
      if (request.path.includes("/sale/")) return { destroy: true };
      if (request.path.includes("/transaction-report"))
        return {
          headers: { "content-type": "text/csv" },
          body: "id,created,type,status,paynet-order-id,merchant-order-id,end-point-id,amount,currency,serial-number\n",
        };
      return { body: { ...asyncReply(), type: "status-response", status: "approved" } };
    });
    const reads: string[] = [];
    const watching = { on: false };
    const polling = watched({ firstDelayMs: [0, 0] as const }, "polling", reads, watching);
    const options: CreateGatewayOptions = watched(
      { baseUrl: server.url, endpointId: 1111, login: "shop", controlKey: "KEY", timeoutMs: 5_000, polling },
      "options",
      reads,
      watching,
    );
    const gateway = createGateway(options);
    watching.on = true;
    const clock: PollClock = { now: () => Date.now(), sleep: async () => {} };
    const lost = (await gateway.sale(saleBody)).error;
    await gateway.waitForFinalStatus({ client_orderid: "902B4FF5" });
    await gateway.recoverOrder({ client_orderid: "902B4FF5" });
    await gateway.recover(lost, { clock });
    await gateway.transactionReport({ createdFromDate: new Date(Date.now() - 60_000), createdToDate: new Date() });
    await gateway.sendOnce("sale", { ...saleBody, client_orderid: "902B4FF6" }, { clock });
    expect(reads).toEqual([]);
  }, 20_000);
});
