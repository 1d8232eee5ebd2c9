// Stored cards and recurring payments: a card reference from an approved payment, its card info,
// rebills charged to it, and a v4 recurring payment the gateway charges on its own schedule.
import { createGateway } from "@card-processing/client";
import { startSandbox } from "@card-processing/sandbox";
import { expectThat, sandboxTime, shopOrder, testCard } from "./guide-fixtures.js";

const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
  privateKey: sandbox.privateKeyPem, // v4 operations (recurring payments) are signed with RSA-SHA256
});
const clock = sandboxTime(sandbox);
const id = Date.now().toString(36);

try {
  // 1. The first payment, with the card typed in (and 3-D Secure where the issuer asks for it).
  const first = await gateway.sale({ ...shopOrder(`first-${id}`, "5.00"), ...testCard("4111111111111111") });
  if (first.error) throw first.error;
  const order = { client_orderid: `first-${id}`, orderid: first.data["paynet-order-id"] };
  await gateway.waitForFinalStatus(order, { clock });

  // 2. Turn it into a card reference. Store card-ref-id with the customer; never the card number.
  const ref = await gateway.createCardRef(order);
  if (ref.error) throw ref.error;
  const cardrefid = ref.data["card-ref-id"];
  expectThat(cardrefid.length > 0, `card reference ${cardrefid} stored for the customer`);

  // 3. Card info, to show "Visa ending 1111, expires 12/2030" without holding the number.
  const info = await gateway.getCardInfo({ cardrefid });
  if (info.error) throw info.error;
  expectThat(
    info.data["last-four-digits"] === "1111",
    `card info: ${info.data["card-type"]} ${info.data.bin}…${info.data["last-four-digits"]}, expires ${info.data["expire-month"]}/${info.data["expire-year"]}`,
  );

  // 4. A rebill charges the reference: a new order with its own client_orderid, no card data, no CVV2.
  const rebill = await gateway.makeRebill({
    client_orderid: `rebill-${id}`,
    cardrefid,
    amount: "7.50",
    currency: "USD",
    order_desc: "Refill",
    ipaddress: "65.153.12.232",
  });
  if (rebill.error) throw rebill.error;
  const rebilled = await gateway.waitForFinalStatus(
    { client_orderid: `rebill-${id}`, orderid: rebill.data["paynet-order-id"] },
    { clock },
  );
  expectThat(rebilled.data?.status === "approved", `rebill of 7.50 USD: ${rebilled.data?.status}`);

  // 5. A recurring payment: the gateway charges 9.99 USD every month from now on.
  const subscription = await gateway.createRecurringPaymentV4({
    rp_card_type: "SRC",
    "client-orderid": `plan-${id}`,
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
  });
  if (subscription.error) throw subscription.error;
  expectThat(
    subscription.data["recurring-payment-id"] !== undefined,
    `recurring payment ${subscription.data["recurring-payment-id"]} created`,
  );

  // Two months of sandbox time later, its charges are there, each an order of its own.
  await sandbox.clock.advance(62 * 24 * 3600_000);
  const plans = (await (await fetch(`${sandbox.url}/_admin/recurring-payments`)).json()) as unknown;
  expectThat(JSON.stringify(plans).includes(`plan-${id}-2`), "after two months the second monthly charge exists");
} finally {
  await sandbox.close();
}
