// A payout to a card: v2 payout is signed with OAuth 1.0a HMAC-SHA1 (the control key is the secret).
import { gateway, newOrderId, unwrap } from "./gateway-from-env.js";

const clientOrderId = newOrderId("payout");
const ack = unwrap(
  await gateway.payout({
    client_orderid: clientOrderId,
    amount: "75.00",
    currency: "USD",
    order_desc: "Marketplace payout",
    "destination-card-no": "5555555555554444",
  }),
);
console.log(`  payout of 75.00 USD signed with HMAC-SHA1: order ${ack["paynet-order-id"]} ${ack.status}`);
const final = unwrap(
  await gateway.waitForFinalStatus({ client_orderid: clientOrderId, orderid: ack["paynet-order-id"] }),
);
console.log(`  payout final: ${final.status}`);
if (final.status !== "approved") process.exit(1);
