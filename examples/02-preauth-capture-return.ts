// Hold funds, capture part of them, then refund part of the capture.

import { sampleOrder, testCard } from "@card-processing/sandbox";
import { gateway, newOrderId, unwrap } from "./gateway-from-env.js";

const clientOrderId = newOrderId("hold");
const ack = unwrap(
  await gateway.preauth({
    ...sampleOrder(clientOrderId, { amount: "50.00" }),
    ...testCard({ number: "5555555555554444" }),
  }),
);
const order = { client_orderid: clientOrderId, orderid: ack["paynet-order-id"] };
console.log(`  preauth of 50.00 USD: order ${order.orderid} ${ack.status}`);
console.log(`  preauth final: ${unwrap(await gateway.waitForFinalStatus(order)).status}`);

unwrap(await gateway.capture({ ...order, amount: "30.00", currency: "USD" }));
console.log(`  partial capture of 30.00 USD: ${unwrap(await gateway.waitForFinalStatus(order)).status}`);

unwrap(await gateway.return({ ...order, amount: "12.50", currency: "USD", comment: "One item sent back" }));
console.log(`  partial return of 12.50 USD: ${unwrap(await gateway.waitForFinalStatus(order)).status}`);

// The gateway keeps the totals: returning more than is left is refused.
const tooMuch = await gateway.return({ ...order, amount: "20.00", currency: "USD", comment: "Too much" });
console.log(`  return of another 20.00 USD is refused: ${tooMuch.error?.message}`);
if (!tooMuch.error) process.exit(1);
