// v4 operations are signed with OAuth 1.0a RSA-SHA256 using the merchant's private key.

import { sampleOrder, testCard } from "@card-processing/sandbox";
import { gateway, newOrderId, settings, unwrap } from "./gateway-from-env.js";

if (!settings.privateKeyFile) {
  console.error("Set GATEWAY_PRIVATE_KEY_FILE to the merchant's RSA private key (PEM).");
  process.exit(2);
}

// A recurring payment: 9.99 USD every month, charged to a test card.
const subscription = unwrap(
  await gateway.createRecurringPaymentV4({
    rp_card_type: "SRC",
    "client-orderid": newOrderId("sub"),
    order_desc: "Premium plan, monthly",
    amount: "9.99",
    currency: "USD",
    period: "month",
    interval: 1,
    "card-printed-name": "JOHN SMITH",
    "credit-card-number": "4111111111111111",
    "expire-month": "12",
    "expire-year": "2030",
    "first-name": "John",
    "last-name": "Smith",
    email: "john.smith@example.com",
    address1: "100 Main st",
    city: "Seattle",
    "zip-code": "98102",
    country: "US",
  }),
);
console.log(
  `  recurring payment created (RSA-SHA256): recurring-payment-id ${subscription["recurring-payment-id"]}, ${subscription.status}`,
);

// A card reference from an approved sale, for later charges without the card data.
const clientOrderId = newOrderId("ref");
const sale = unwrap(await gateway.sale({ ...sampleOrder(clientOrderId, { amount: "1.00" }), ...testCard() }));
const order = { client_orderid: clientOrderId, orderid: sale["paynet-order-id"] };
unwrap(await gateway.waitForFinalStatus(order));
const ref = unwrap(await gateway.createCardRefV4({ ...order, login: settings.login }));
console.log(`  card reference created (RSA-SHA256): ${ref["card-ref-id"]}`);
const info = unwrap(await gateway.getCardInfo({ cardrefid: ref["card-ref-id"] }));
console.log(
  `  stored card: ${info["card-type"]} ${info.bin}…${info["last-four-digits"]}, expires ${info["expire-month"]}/${info["expire-year"]}`,
);
