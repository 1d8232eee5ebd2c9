// Stored cards and recurring payments: a card reference from an approved payment, its card info,
// rebills charged to it, a stored card that has expired since, and a v4 recurring payment the
// gateway charges on its own schedule.
import { createGateway, type GatewayFailure } from "@card-processing/client";
import { sampleOrder, sandboxTime, startSandbox, testCard } from "@card-processing/sandbox";

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
  const first = await gateway.sale({ ...sampleOrder(`first-${id}`, { amount: "5.00" }), ...testCard() });
  if (first.error) throw first.error;
  const order = { client_orderid: `first-${id}`, orderid: first.data["paynet-order-id"] };
  expectThat(outcomeOf(await gateway.waitForFinalStatus(order, { clock })) === "approved", "first payment approved");

  // 2. Turn it into a card reference. Store card-ref-id with the customer; never the card number.
  const ref = await gateway.createCardRef(order);
  if (ref.error) throw ref.error;
  const cardrefid = ref.data["card-ref-id"];
  expectThat(cardrefid.length > 0, `card reference ${cardrefid} stored for the customer`);

  // 3. Card info, to show "Visa ending 1111" and its expiry without holding the number.
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
  const rebilled = outcomeOf(
    await gateway.waitForFinalStatus(
      { client_orderid: `rebill-${id}`, orderid: rebill.data["paynet-order-id"] },
      { clock },
    ),
  );
  expectThat(rebilled === "approved", `rebill of 7.50 USD: ${rebilled}`);

  // 5. A card that has expired since it was stored: the issuer declines its rebills. The sandbox, like
  //    the documented gateway's, decides by CVV2, never by the expiry date; the test card
  //    4000000000101016 is approved with CVV2 123 and declines, as expired, when charged without one.
  const later = await gateway.sale({
    ...sampleOrder(`exp-${id}`, { amount: "5.00" }),
    ...testCard({ number: "4000000000101016" }),
  });
  if (later.error) throw later.error;
  const laterOrder = { client_orderid: `exp-${id}`, orderid: later.data["paynet-order-id"] };
  expectThat(outcomeOf(await gateway.waitForFinalStatus(laterOrder, { clock })) === "approved", "stored while valid");
  const expiredRef = await gateway.createCardRef(laterOrder);
  if (expiredRef.error) throw expiredRef.error;
  const declined = await gateway.makeRebill({
    client_orderid: `rebill-exp-${id}`,
    cardrefid: expiredRef.data["card-ref-id"],
    amount: "7.50",
    currency: "USD",
    order_desc: "Refill",
    ipaddress: "65.153.12.232",
  });
  if (declined.error) throw declined.error;
  const final = await gateway.waitForFinalStatus(
    { client_orderid: `rebill-exp-${id}`, orderid: declined.data["paynet-order-id"] },
    { clock },
  );
  expectThat(
    outcomeOf(final) === "declined" && final.data?.["error-message"] === "Expired card",
    `rebill of a card that has expired since: ${outcomeOf(final)} (${final.data?.["error-message"]}); ask for a new card`,
  );

  // 6. A recurring payment: the gateway charges 9.99 USD every month from now on.
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

// What this page's program takes as given: its checks.
/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}

/**
 * What the shop makes of a wait: the final status, or "pending" while the outcome is still unknown
 * after it (tell the customer it is pending and keep watching: a final callback or a later status
 * query settles it). Never "refused": an unknown payment may yet be approved.
 */
function outcomeOf(final: { data?: { status: string } | undefined; error?: GatewayFailure | undefined }): string {
  if (final.error?.outcome === "unknown") return "pending";
  if (final.error) throw final.error; // the status query itself was refused: fix the call
  return final.data?.status ?? "pending";
}
