// Take a card payment: a sale, its callback, and the status operation as the proof.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, parseCallback, type VerifiedCallback } from "@card-processing/client";
import { startSandbox } from "@card-processing/sandbox";
import { expectThat, sandboxTime, shopOrder, testCard } from "./guide-fixtures.js";

const sandbox = await startSandbox({ clock: "manual", latencyMs: 2_000 });
const gateway = createGateway({
  baseUrl: sandbox.url, // production: your gateway's https base URL, ending in /paynet
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
});

// 1. Your callback endpoint: verify control, answer 200, then act on the event.
const callbacks: VerifiedCallback[] = [];
const server = createServer((request, response) => {
  const query = new URL(request.url ?? "/", "http://localhost").searchParams;
  parseCallback(query, sandbox.controlKey).then(
    (callback) => {
      response.writeHead(200).end("OK");
      callbacks.push(callback);
    },
    () => response.writeHead(403).end("bad signature"),
  );
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;

try {
  // 2. The sale. Store client_orderid before you send, and paynet-order-id from the reply.
  const clientOrderId = `order-${Date.now().toString(36)}`;
  const sale = await gateway.sale({
    ...shopOrder(clientOrderId, "10.42"),
    ...testCard("4111111111111111"),
    server_callback_url: callbackUrl,
  });
  if (sale.error) throw sale.error;
  const order = { client_orderid: clientOrderId, orderid: sale.data["paynet-order-id"] };
  expectThat(sale.data.status === "processing", `sale acknowledged: order ${order.orderid} is processing`);

  // 3. The outcome arrives by callback (here: after 2 s of sandbox time)...
  await sandbox.clock.advance(2_000);
  expectThat(
    callbacks[0]?.status === "approved",
    `callback: status=${callbacks[0]?.status} for orderid ${callbacks[0]?.orderid}`,
  );

  // 4. ...and the status operation confirms it. Without a callback, poll on the documented cadence.
  const final = await gateway.waitForFinalStatus(order, { clock: sandboxTime(sandbox) });
  if (final.error) throw final.error;
  expectThat(
    final.data.status === "approved",
    `status confirms ${final.data.status}: ${final.data.amount} ${final.data.currency}, card ${final.data["bin"]}…${final.data["last-four-digits"]}`,
  );

  // 5. A declined card: the reason is in error-message (CVV2 116 is "insufficient funds" on the sandbox).
  const declined = await gateway.sale({
    ...shopOrder(`${clientOrderId}-2`, "10.42"),
    ...testCard("4111111111111111", "116"),
  });
  if (declined.error) throw declined.error;
  const refused = await gateway.waitForFinalStatus(
    { client_orderid: `${clientOrderId}-2`, orderid: declined.data["paynet-order-id"] },
    { clock: sandboxTime(sandbox) },
  );
  expectThat(refused.data?.status === "declined", `a second card is declined: ${refused.data?.["error-message"]}`);
} finally {
  server.close();
  await sandbox.close();
}
