// Payouts: v2 payout signed with OAuth HMAC-SHA1, v4 payout signed with RSA-SHA256, and the v4
// two-step payout-check then payout-pay.
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
  // 1. v2 payout to a card. The gateway signs it with OAuth 1.0a HMAC-SHA1 for you.
  const v2 = await gateway.payout({
    client_orderid: `po2-${id}`,
    amount: "75.00",
    currency: "USD",
    order_desc: "Seller payout",
    "destination-card-no": "5555555555554444",
  });
  if (v2.error) throw v2.error;
  const v2Final = await gateway.waitForFinalStatus(
    { client_orderid: `po2-${id}`, orderid: v2.data["paynet-order-id"] },
    { clock },
  );
  expectThat(outcomeOf(v2Final) === "approved", `v2 payout (HMAC-SHA1): ${outcomeOf(v2Final)}`);

  // 2. v4 payout to a card, signed with RSA-SHA256 over the OAuth base string.
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
  const v4Final = await gateway.waitForFinalStatus(
    { client_orderid: `po4-${id}`, orderid: v4.data["paynet-order-id"] },
    { clock },
  );
  expectThat(outcomeOf(v4Final) === "approved", `v4 payout (RSA-SHA256): ${outcomeOf(v4Final)}`);

  // 3. Check, then pay: payout-check registers the payout and waits; payout-pay releases it, once.
  const check = await gateway.payoutCheck({
    "client-order-id": `po-chk-${id}`,
    amount: "1500.00",
    currency: "EUR",
    order_desc: "Seller settlement, week 3",
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
} finally {
  await sandbox.close();
}

// What this page's program takes as given: its sample order and card, and its checks.
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
