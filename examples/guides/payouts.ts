// Payouts, every way to pay a seller: to a stored card reference (made from an account
// verification: v4 transfer-by-ref, v4 payout-by-ref, v2 transfer-by-ref), to a card number (v2 and
// v4), to a bank account (v2 and v4), check-then-pay, and rehearsing the payouts that decline or
// stay unknown with the sandbox's payout test values.
import { createGateway, type GatewayFailure } from "@card-processing/client";
import { sandboxTime, startSandbox } from "@card-processing/sandbox";

const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey, // also the HMAC-SHA1 secret of v2 payouts
  privateKey: sandbox.privateKeyPem, // the RSA key of v4 operations; its public half is on the gateway
});
const clock = sandboxTime(sandbox);
const id = Date.now().toString(36);

try {
  // 1. A seller's card, stored without charging it: an account verification checks the card (no
  //    money moves), and its approved order makes a card reference. Keep card-ref-id, never the number.
  const sellerCard = await storeSellerCard(`seller-${id}`, "4111111111111111");
  expectThat(sellerCard.length > 0, `seller's card stored as card-ref-id ${sellerCard}, from an account verification`);

  // 2. To the stored card: the v4 transfer by reference, destination-card-ref-id (RSA-SHA256).
  //    Its body takes no server_callback_url: its outcome comes from polling the status.
  const toRef = await gateway.transferByRef({
    "client-order-id": `po-ref-${id}`,
    amount: "60.00",
    currency: "USD",
    order_desc: "Seller payout, week 3",
    "destination-card-ref-id": sellerCard,
  });
  if (toRef.error) throw toRef.error;
  const toRefOutcome = await outcomeOfOrder(`po-ref-${id}`, toRef.data["paynet-order-id"]);
  expectThat(toRefOutcome === "approved", `to a card reference (transfer-by-ref): ${toRefOutcome}`);

  // 2b. The same stored card, two more ways the gateway documents: the v4 payout-by-ref (RSA-SHA256,
  //     with server_callback_url), and the v2 transfer-by-ref the vendor's PHP library sends (a
  //     control over login, the ids, both card references, amount and currency). The v4 status
  //     query reads either outcome signed with the RSA key instead of a control.
  const byPayout = await gateway.payoutByRef({
    client_orderid: `po-pbr-${id}`,
    amount: "25.00",
    currency: "USD",
    "destination-card-ref-id": sellerCard,
    order_desc: "Seller payout, bonus",
  });
  if (byPayout.error) throw byPayout.error;
  const byPayoutOutcome = await outcomeOfOrder(`po-pbr-${id}`, byPayout.data["paynet-order-id"]);
  expectThat(byPayoutOutcome === "approved", `to a card reference (payout-by-ref, v4): ${byPayoutOutcome}`);
  const byTransfer = await gateway.transferByRefV2({
    client_orderid: `po-tbr2-${id}`,
    amount: "15.00",
    currency: "USD",
    ipaddress: "65.153.12.232",
    "destination-card-ref-id": sellerCard,
  });
  if (byTransfer.error) throw byTransfer.error;
  await outcomeOfOrder(`po-tbr2-${id}`, byTransfer.data["paynet-order-id"]);
  const readV4 = await gateway.statusV4({
    login: sandbox.login,
    client_orderid: `po-tbr2-${id}`,
    orderid: byTransfer.data["paynet-order-id"],
  });
  expectThat(
    readV4.data?.status === "approved",
    `to a card reference (transfer-by-ref, v2), read by the v4 status: ${readV4.data?.status}`,
  );

  // 3. To a card number, v2: destination-card-no, signed with OAuth 1.0a HMAC-SHA1 for you.
  const v2 = await gateway.payout({
    client_orderid: `po2-${id}`,
    amount: "75.00",
    currency: "USD",
    order_desc: "Seller payout",
    "destination-card-no": "5555555555554444",
  });
  if (v2.error) throw v2.error;
  const v2Outcome = await outcomeOfOrder(`po2-${id}`, v2.data["paynet-order-id"]);
  expectThat(v2Outcome === "approved", `to a card number, v2 payout (HMAC-SHA1): ${v2Outcome}`);

  // 4. To a card number, v4: the card's number, name and expiry, signed with RSA-SHA256.
  const v4 = await gateway.payoutV4({
    "client-order-id": `po4-${id}`,
    amount: "40.00",
    currency: "USD",
    order_desc: "Refund to card",
    credit_card_number: "4111111111111111",
    card_printed_name: "JOHN SMITH",
    expire_month: "12",
    expire_year: "2030",
  });
  if (v4.error) throw v4.error;
  const v4Outcome = await outcomeOfOrder(`po4-${id}`, v4.data["paynet-order-id"]);
  expectThat(v4Outcome === "approved", `to a card number, v4 payout (RSA-SHA256): ${v4Outcome}`);

  // 5. To a bank account, v2 and v4: account_number with bank_name (and bic for v2).
  const bankV2 = await gateway.payout({
    client_orderid: `po2-bank-${id}`,
    amount: "1500.00",
    currency: "EUR",
    order_desc: "Seller settlement, week 3",
    account_number: "DE89370400440532013000",
    bank_name: "Example Bank",
    bic: "COBADEFFXXX",
  });
  if (bankV2.error) throw bankV2.error;
  const bankV2Outcome = await outcomeOfOrder(`po2-bank-${id}`, bankV2.data["paynet-order-id"]);
  expectThat(bankV2Outcome === "approved", `to a bank account, v2 payout: ${bankV2Outcome}`);
  const bankV4 = await gateway.payoutV4({
    "client-order-id": `po4-bank-${id}`,
    amount: "1500.00",
    currency: "EUR",
    order_desc: "Seller settlement, week 4",
    account_number: "DE89370400440532013000",
    bank_name: "Example Bank",
  });
  if (bankV4.error) throw bankV4.error;
  const bankV4Outcome = await outcomeOfOrder(`po4-bank-${id}`, bankV4.data["paynet-order-id"]);
  expectThat(bankV4Outcome === "approved", `to a bank account, v4 payout: ${bankV4Outcome}`);

  // 6. Check, then pay: payout-check registers the payout and waits; payout-pay releases it, once.
  const check = await gateway.payoutCheck({
    "client-order-id": `po-chk-${id}`,
    amount: "1500.00",
    currency: "EUR",
    order_desc: "Seller settlement, week 5",
    account_number: "DE89370400440532013000",
    bank_name: "Example Bank",
  });
  if (check.error) throw check.error;
  const registered = { client_orderid: `po-chk-${id}`, orderid: check.data["paynet-order-id"] };
  const waiting = await gateway.status(registered);
  expectThat(
    waiting.data?.status === "processing",
    `payout-check registered order ${registered.orderid}: ${waiting.data?.status} until paid`,
  );
  // payout-pay names the merchant's login in its body as well as in the OAuth header.
  const pay = await gateway.payoutPay({ ...registered, login: sandbox.login });
  if (pay.error) throw pay.error;
  const paid = await gateway.waitForFinalStatus(registered, { clock });
  expectThat(outcomeOf(paid) === "approved", `payout-pay: ${outcomeOf(paid)}`);
  const twice = await gateway.payoutPay({ ...registered, login: sandbox.login });
  expectThat(twice.error !== undefined, `a second payout-pay is refused: ${twice.error?.message}`);

  // 7. Rehearse the payouts that fail, with the sandbox's payout test values: a stored card that has
  //    since expired (4000000000101016, verified with CVV2 123), a closed account (0000000057), and a
  //    bank that does not answer (0000000091), whose payout stays unknown: pending, never failed.
  const expired = await storeSellerCard(`seller-exp-${id}`, "4000000000101016");
  const toExpired = await gateway.transferByRef({
    "client-order-id": `po-exp-${id}`,
    amount: "60.00",
    currency: "USD",
    "destination-card-ref-id": expired,
  });
  if (toExpired.error) throw toExpired.error;
  const expiredOutcome = await outcomeOfOrder(`po-exp-${id}`, toExpired.data["paynet-order-id"]);
  expectThat(expiredOutcome === "declined", `to the reference of a card that has expired: ${expiredOutcome}`);
  for (const [account, expected] of [
    ["0000000057", "declined"],
    ["0000000091", "pending"],
  ] as const) {
    const bank = await gateway.payoutV4({
      "client-order-id": `po-${account}-${id}`,
      amount: "150.00",
      currency: "EUR",
      account_number: account,
      bank_name: "Example Bank",
    });
    if (bank.error) throw bank.error;
    const outcome = await outcomeOfOrder(`po-${account}-${id}`, bank.data["paynet-order-id"]);
    expectThat(outcome === expected, `to test account ${account}: ${outcome}; mark the seller paid only on approved`);
  }
} finally {
  await sandbox.close();
}

// What this page's program takes as given: its seller, its card, and its checks.
/** Verifies a seller's card (CVV2 123 approves on the sandbox) and stores it as a card reference. */
async function storeSellerCard(clientOrderId: string, cardNumber: string): Promise<string> {
  const verified = await gateway.accountVerification({
    client_orderid: clientOrderId,
    order_desc: "Seller card check",
    address1: "100 Main st",
    city: "Seattle",
    state: "WA",
    zip_code: "98102",
    country: "US",
    ipaddress: "65.153.12.232",
    email: "seller@example.com",
    card_printed_name: "JANE SELLER",
    credit_card_number: cardNumber,
    expire_month: "12",
    expire_year: "2030",
    cvv2: "123",
  });
  if (verified.error) throw verified.error;
  const order = { client_orderid: clientOrderId, orderid: verified.data["paynet-order-id"] };
  const outcome = outcomeOf(await gateway.waitForFinalStatus(order, { clock }));
  if (outcome !== "approved") throw new Error(`account verification ${clientOrderId}: ${outcome}`);
  const ref = await gateway.createCardRef(order);
  if (ref.error) throw ref.error;
  return ref.data["card-ref-id"];
}

/** Waits for the payout `clientOrderId` and says what the shop makes of it. */
async function outcomeOfOrder(clientOrderId: string, orderid: string): Promise<string> {
  return outcomeOf(await gateway.waitForFinalStatus({ client_orderid: clientOrderId, orderid }, { clock }));
}

/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}

/**
 * What the shop makes of a wait: the final status, or "pending" while the outcome is still unknown
 * after it (tell the seller it is pending and keep watching: a final callback or a later status
 * query settles it). Never "refused": an unknown payout may yet be approved.
 */
function outcomeOf(final: { data?: { status: string } | undefined; error?: GatewayFailure | undefined }): string {
  if (final.error?.outcome === "unknown") return "pending";
  if (final.error) throw final.error; // the status query itself was refused: fix the call
  return final.data?.status ?? "pending";
}
