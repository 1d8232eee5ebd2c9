// The hosted payment page (sale-form, and transfer-form for a transfer): the card is typed on the
// gateway's page, the customer comes back to your redirect_url, and only the status operation
// proves the payment.
import { createGateway, type GatewayFailure, parseCustomerReturn } from "@card-processing/client";
import { sampleOrder, startSandbox } from "@card-processing/sandbox";

// A real clock, 50 ms of processing: the hosted page waits for the outcome before sending the
// customer back, as the gateway's does.
const sandbox = await startSandbox({ latencyMs: 50 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
  polling: { firstDelayMs: [100, 200] },
});

try {
  // 1. Ask for a payment page. The reply's redirect-url is where you send the customer's browser.
  const clientOrderId = `form-${Date.now().toString(36)}`;
  const form = await gateway.saleForm(sampleOrder(clientOrderId, { amount: "15.00" }));
  if (form.error) throw form.error;
  const pageUrl = form.data["redirect-url"];
  expectThat(pageUrl.startsWith(sandbox.url), `send the customer to ${pageUrl}`);

  // 2. The customer types the card on the gateway's page (their browser, not your server). In a
  //    test, the sandbox does what the customer does and hands back what the browser then posts.
  const back = await sandbox.payHostedPage(pageUrl, { card: "4111111111111111", cvv2: "123" });

  // 3. The browser comes back to redirect_url with a POST of status, orderid, merchant_order, control.
  const fields = back.fields;
  const customerReturn = await parseCustomerReturn(fields, sandbox.controlKey); // throws when control is wrong
  expectThat(
    customerReturn.status === "approved",
    `the customer is back at ${back.url}: status=${customerReturn.status}, orderid ${customerReturn.orderid}`,
  );

  // 4. A return is a browser's word: it can be replayed, lost when the tab closes, or edited.
  const edited = { ...fields, status: "approved", orderid: "1" };
  const forged = await parseCustomerReturn(edited, sandbox.controlKey).then(
    () => "accepted",
    (error: Error) => error.message,
  );
  expectThat(forged !== "accepted", `an edited return is refused: ${forged}`);

  // 5. Ship only on the status operation's word (or a verified callback), never on the return.
  const final = await gateway.waitForFinalStatus({ client_orderid: clientOrderId, orderid: customerReturn.orderid });
  expectThat(
    outcomeOf(final) === "approved",
    `status confirms ${outcomeOf(final)} for ${final.data?.amount} ${final.data?.currency}`,
  );

  // 6. A transfer goes the same way on its own page: transfer-form (v2, as the vendor's PHP library
  //    sends it; transferFormV4 is the RSA-signed one). The sender types the card on the page.
  const transferId = `transfer-${Date.now().toString(36)}`;
  const transferForm = await gateway.transferForm(sampleOrder(transferId, { amount: "20.00" }));
  if (transferForm.error) throw transferForm.error;
  await sandbox.payHostedPage(transferForm.data["redirect-url"], { card: "4111111111111111", cvv2: "123" });
  const transfer = await gateway.waitForFinalStatus({
    client_orderid: transferId,
    orderid: transferForm.data["paynet-order-id"],
  });
  expectThat(outcomeOf(transfer) === "approved", `the transfer on its hosted page: ${outcomeOf(transfer)}`);
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
