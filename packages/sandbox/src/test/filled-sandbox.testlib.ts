import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { GatewayEngine } from "../engine/gateway-engine.js";
import { orderFixture } from "../engine/orders/order-fixture.testlib.js";
import { resolveOptions } from "../options/resolve-options.js";
import { NetworkFaults } from "../server/api/network-faults.js";
import { createRouter } from "../server/router.js";
import { RequestValidator } from "../validation/request-validator.js";

/** A sandbox whose order book a test fills in-process, far faster than through HTTP. */
export interface FilledSandbox {
  readonly engine: GatewayEngine;
  readonly url: string;
  readonly dashboardUrl: string;
  /** Adds `count` approved sales (every tenth declined) as the engine would, telling the dashboard of each. */
  add(count: number): void;
  close(): Promise<void>;
}

/** Starts a sandbox on 127.0.0.1 holding `count` orders added straight into its order book. */
export async function startFilledSandbox(count: number): Promise<FilledSandbox> {
  const engine = new GatewayEngine(resolveOptions({ port: 0, logger: () => {} }));
  let made = 0;
  const add = (more: number) => {
    for (let i = 0; i < more; i++) {
      made++;
      const order = orderFixture({
        orderid: engine.book.nextOrderId(),
        clientOrderId: `filled-${made}`,
        status: made % 10 === 0 ? "declined" : "approved",
        pageToken: `p${made}`,
        createdAt: engine.clock.now(),
      });
      engine.book.add(order);
      engine.changes.notify({ kind: "order", orderid: order.orderid });
    }
  };
  add(count);
  const server = createServer(createRouter(engine, new RequestValidator(), undefined, new NetworkFaults(undefined)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  engine.baseUrl = `http://127.0.0.1:${port}/paynet`;
  return {
    engine,
    url: engine.baseUrl,
    dashboardUrl: `${engine.baseUrl}/_dashboard`,
    add,
    async close() {
      engine.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
