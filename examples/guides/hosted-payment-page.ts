// The hosted payment page (sale-form): the card is typed on the gateway's page, the customer comes
// back to your redirect_url, and only the status operation proves the payment.
import { createGateway, parseCustomerReturn } from "@card-processing/client";
import { startSandbox } from "@card-processing/sandbox";
import { expectThat, shopOrder } from "./guide-fixtures.js";

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
  const form = await gateway.saleForm(shopOrder(clientOrderId, "15.00"));
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
  if (final.error) throw final.error;
  expectThat(
    final.data.status === "approved",
    `status confirms ${final.data.status} for ${final.data.amount} ${final.data.currency}`,
  );
} finally {
  await sandbox.close();
}
