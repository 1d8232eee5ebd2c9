// A sale with a test card that is approved; the outcome arrives by callback, whose signature we verify.

import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseCallback, type VerifiedCallback } from "@card-processing/client";
import { sampleOrder, testCard } from "@card-processing/sandbox";
import { gateway, newOrderId, settings, unwrap } from "./gateway-from-env.js";

// 1. The merchant's callback endpoint: the gateway calls it with GET when the order is final.
let received: (callback: VerifiedCallback) => void = () => undefined;
const callbackArrived = new Promise<VerifiedCallback>((resolve) => (received = resolve));
const server = createServer(async (request, response) => {
  const query = new URL(request.url ?? "/", "http://localhost").searchParams;
  try {
    const verified = await parseCallback(query, settings.controlKey); // throws when control is wrong
    response.writeHead(200).end("OK");
    received(verified);
  } catch (error) {
    response.writeHead(403).end("bad signature");
    console.error(`  ✗ callback refused: ${(error as Error).message}`);
  }
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;

// 2. The sale itself.
const clientOrderId = newOrderId("sale");
const ack = unwrap(
  await gateway.sale({
    ...sampleOrder(clientOrderId),
    ...testCard(),
    server_callback_url: callbackUrl,
  }),
);
console.log(`  sale ${clientOrderId}: ${ack.status}, gateway order ${ack["paynet-order-id"]}`);

// 3. The callback brings the outcome; its control covers status, orderid and client_orderid only.
const outcome = await callbackArrived;
server.close();
console.log(
  `  callback received and verified: status=${outcome.status} orderid=${outcome.orderid} (unsigned: amount=${outcome.unsigned.amount} ${outcome.unsigned.currency})`,
);

// 4. The callback is a hint, and its amount is not signed; the status operation is the proof.
const final = unwrap(await gateway.status({ client_orderid: clientOrderId, orderid: ack["paynet-order-id"] }));
console.log(`  status confirms: ${final.status} (card ${final["card-type"]} ending ${final["last-four-digits"]})`);
if (final.status !== "approved") process.exit(1);
