// Moving from the vendor's PHP library (payneteasy/php-library-payneteasy-api): each of its calls
// beside this SDK's, what differs on the wire, the callback checks a port must keep, and both
// stacks on one sandbox during the move. The PHP in the comments is what a shop on the library
// writes today; the TypeScript under it runs against the sandbox.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, nextStep, parseClassicReply, signCallback } from "@card-processing/client";
import { createCallbackHandler, type StoredOrder, toNodeListener } from "@card-processing/client/callback-handler";
import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { controlDigest, toMinorUnits } from "@card-processing/signing";

// 0. Both stacks on one sandbox: `npx card-processing-sandbox --classic-replies` (once on npm; until
//    then `node packages/sandbox/dist/cli/main.js` from a built clone, or the executable). The PHP library
//    sends no Accept header and reads the classic `key=value` reply (refusals under HTTP 200); the
//    SDK asks for JSON. Without --classic-replies the library sees only "HTTP code: '400'".
const sandbox = await startSandbox({ classicReplies: true, latencyMs: 50 });
const { login, controlKey, endpointId } = sandbox;

// 1. Configuration.
//    PHP:  new QueryConfig(array(
//            'end_point' => 1111, 'login' => 'shop', 'signing_key' => $key,
//            'gateway_mode' => QueryConfig::GATEWAY_MODE_SANDBOX,
//            'gateway_url_sandbox' => 'https://sandbox.gateway.example/paynet/api/v2/',
//            'redirect_url' => 'https://shop.example.com/return',
//            'callback_url' => 'https://shop.example.com/payments/callback'));
//    The SDK's baseUrl stops before /api (it adds /api/v2/sale/1111 itself); redirect_url and
//    server_callback_url travel with each request instead of the configuration.
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId,
  login,
  controlKey,
  polling: { firstDelayMs: [20, 50] }, // the sandbox's short latency; leave it out against the gateway
});
const redirect_url = "https://shop.example.com/return";

// The shop's orders, stored before sending (client_orderid first), and its callback endpoint.
const stored = new Map<string, StoredOrder>();
const booked: string[] = [];
const handler = createCallbackHandler({
  controlKey,
  storedOrder: async (callback) => stored.get(callback.client_orderid), // the PHP library's check, kept
  onCallback: async (callback) => void booked.push(`${callback.client_orderid}:${callback.status}`),
  onError: () => {},
});
const server = createServer((request, response) => void toNodeListener(handler)(request, response));
server.listen(0, "127.0.0.1");
await once(server, "listening");
const server_callback_url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;

try {
  // 2. A sale. PHP nests the order (Payment with Customer, BillingAddress, CreditCard) and takes
  //    the amount as a float:
  //    $transaction = new PaymentTransaction(array('query_config' => $config, 'payment' => new Payment(array(
  //      'client_id' => 'A-1001', 'description' => 'Order A-1001', 'amount' => 10.42, 'currency' => 'USD',
  //      'customer' => new Customer(array('email' => ..., 'ip_address' => ...)),
  //      'billing_address' => new BillingAddress(array('country' => 'US', 'state' => 'WA', 'city' => ...,
  //        'first_line' => ..., 'zip_code' => ..., 'phone' => ...)),
  //      'credit_card' => new CreditCard(array('card_printed_name' => ..., 'credit_card_number' => ...,
  //        'expire_month' => '12', 'expire_year' => '30', 'cvv2' => '123'))))));
  //    $processor->executeQuery('sale', $transaction);
  //    The SDK takes the gateway's own flat field names, the amount as a decimal string: here the
  //    sandbox's sampleOrder (client_id → client_orderid, description → order_desc, first_line →
  //    address1, ip_address → ipaddress) and testCard (CreditCard's fields, CVV2 123 approves).
  const id = `mv-${Date.now().toString(36)}`;
  stored.set(id, { client_orderid: id, amount: "10.42", currency: "USD" });
  const sale = await gateway.sale({ ...sampleOrder(id), ...testCard(), redirect_url, server_callback_url });
  if (sale.error) throw sale.error;
  stored.set(id, { orderid: sale.data["paynet-order-id"], client_orderid: id, amount: "10.42", currency: "USD" });

  // 3. The processor's handlers become nextStep(data): status_update → "poll", redirect →
  //    "redirect", show_html → "show-html", finish_processing → "done"; catch_exception → `error`.
  //    PHP's "payment is processing" page re-runs executeQuery('status', ...); here one call waits.
  expectThat(nextStep(sale.data).action === "poll", "sale: nextStep is poll (PHP: the status_update handler)");
  const order = { client_orderid: id, orderid: sale.data["paynet-order-id"] };
  const final = await gateway.waitForFinalStatus(order);
  expectThat(final.data?.status === "approved", `status: ${final.data?.status} (PHP: finish_processing)`);

  const form = await gateway.saleForm({ ...sampleOrder(`${id}-f`, { amount: "25.00" }), redirect_url });
  const step = form.data && nextStep(form.data);
  expectThat(step?.action === "redirect", "sale-form: nextStep is redirect to the hosted page (PHP: redirect)");

  // 4. Errors. PHP throws (ValidationException before sending, PaynetException for a refusal,
  //    RequestException for curl or HTTP failures) into HANDLER_CATCH_EXCEPTION, and a decline is
  //    an error added to the transaction. Here a decline is data; every error says with `outcome`
  //    whether the request could have taken effect, and a lost reply is recovered, never resent.
  const declined = await gateway.sale({
    ...sampleOrder(`${id}-d`, { amount: "10.00" }),
    ...testCard({ cvv2: "116" }),
    redirect_url,
  });
  const declinedFinal =
    declined.data &&
    (await gateway.waitForFinalStatus({ client_orderid: `${id}-d`, orderid: declined.data["paynet-order-id"] }));
  expectThat(
    declinedFinal?.data?.status === "declined" && declinedFinal.error === undefined,
    "a decline is data, not an error",
  );
  const wrongKey = createGateway({ baseUrl: sandbox.url, endpointId, login, controlKey: "not-the-key" });
  const refused = await wrongKey.sale({ ...sampleOrder(`${id}-k`, { amount: "10.00" }), ...testCard(), redirect_url });
  expectThat(refused.error?.outcome === "not-applied", `a refusal: ${refused.error?.code}, outcome not-applied`);
  sandbox.faults.next({ kind: "reset-after", operation: "sale" });
  const lost = await gateway.sale({ ...sampleOrder(`${id}-l`, { amount: "10.00" }), ...testCard(), redirect_url });
  const recovered = lost.error?.outcome === "unknown" ? await gateway.recover(lost.error) : undefined;
  expectThat(recovered?.data?.applied === true, "a lost reply: outcome unknown, recover says it took effect");

  // 5. Capture and return.
  //    PHP:  new Payment(array('client_id' => ..., 'paynet_id' => ..., 'amount' => 10.42, 'currency' => 'USD'))
  //          executeQuery('capture', ...) sends client_orderid, orderid, login, no amount, but signs
  //          login + client_orderid + orderid + 1042 + USD (the held amount). Without 'amount' on the
  //          Payment it signs "0" and the sandbox refuses it.
  //    The SDK's full capture sends and signs neither: amount and currency sign as empty strings.
  //    The sandbox, as the gateway, takes both: one hold captured each way.
  const hold = async (clientOrderId: string) => {
    const { data, error } = await gateway.preauth({
      ...sampleOrder(clientOrderId),
      ...testCard(),
      redirect_url,
    });
    if (error) throw error;
    const ref = { client_orderid: clientOrderId, orderid: data["paynet-order-id"] };
    await gateway.waitForFinalStatus(ref);
    return ref;
  };
  const [phpHold, held] = [await hold(`${id}-hp`), await hold(`${id}-hs`)];
  const phpTerms = [login, phpHold.client_orderid, phpHold.orderid, "1042", "USD"];
  const phpCapture = await postLikeThePhpLibrary("capture", { ...phpHold, login }, phpTerms);
  const sdkCapture = await gateway.capture(held);
  await Promise.all([gateway.waitForFinalStatus(phpHold), gateway.waitForFinalStatus(held)]);
  const captured = sandbox
    .orders()
    .orders.filter((o) => o.client_orderid.startsWith(`${id}-h`) && o.captured === "10.42");
  expectThat(
    phpCapture.type === "async-response" && !sdkCapture.error && captured.length === 2,
    "full captures signed over the held 1042 USD (PHP) and over empty terms (SDK): both captured 10.42",
  );
  //    PHP:  executeQuery('return', ...) needs 'comment' and the Payment marked paid ('status' => 'capture').
  const refund = await gateway.return({ ...held, amount: "2.50", currency: "USD", comment: "one item returned" });
  expectThat(refund.error === undefined, "returned 2.50 of it");

  // 6. Amounts on the wire. PHP sends the float as PHP prints it (25.0 → "25", 2.50 → "2.5") and
  //    signs (string)($amount * 100): "1999" for 19.99 only while php.ini's precision is 14 (with -1,
  //    "1998.9999999999998", refused). The SDK works from the string. For JPY it signs 1000 yen as 100000,
  //    the SDK (ISO 4217 minor units) as 1000: see yenAsThePhpLibrarySignsIt for the option that chooses.
  expectThat(toMinorUnits("19.99", "USD") === "1999", 'SDK: 19.99 USD signs "1999", from the string, no float');
  expectThat(toMinorUnits("1000", "JPY") === "1000", 'SDK: 1000 JPY signs "1000" (PHP: "100000")');

  // 7. What the PHP library sends, by hand: no Accept header, a form, its control. The sandbox
  //    answers it in the classic form; the SDK reads the same order as JSON.
  const phpId = `${id}-p`;
  const fields = { ...sampleOrder(phpId), ...testCard(), expire_year: "30", redirect_url };
  stored.set(phpId, { client_orderid: phpId, amount: "10.42", currency: "USD" });
  const reply = await postLikeThePhpLibrary("sale", fields, [endpointId, phpId, "1042", fields.email]);
  const phpOrder = { client_orderid: phpId, orderid: String(reply["paynet-order-id"]) };
  stored.set(phpId, { ...phpOrder, amount: "10.42", currency: "USD" });
  const seenBySdk = await gateway.waitForFinalStatus(phpOrder);
  expectThat(
    reply.type === "async-response" && seenBySdk.data?.status === "approved",
    "a PHP-style sale, read by the SDK",
  );

  // 8. Callbacks. PHP: $processor->processPaynetEasyCallback(new CallbackResponse($_GET), $storedTransaction)
  //    checks control (SHA-1 of status + orderid + client_orderid + key), then that orderid,
  //    client_orderid, merchant_order and amount equal the stored order's; a callback that does not
  //    match it is an exception. createCallbackHandler checks control, and its `storedOrder` option
  //    keeps the stored-order check: a callback that does not match is refused (409) before it
  //    counts as handled, one for an order the shop does not have 404, and onCallback never runs.
  await sandbox.waitForCallback({ orderid: order.orderid, status: "approved" });
  expectThat(
    booked.includes(`${id}:approved`),
    "the sandbox's callback for the sale: verified, matches the stored order",
  );
  // A callback the SDK signs is one the PHP library verifies (the same SHA-1). Its amount is not
  // signed: a changed one passes control, and only the stored-order check refuses it (409), before
  // the event counts as handled, so the genuine callback after it is still booked.
  const genuine = await signCallback(
    { status: "approved", ...phpOrder, type: "sale", amount: "10.42", currency: "USD" },
    controlKey,
  );
  const altered = new URLSearchParams(genuine);
  altered.set("amount", "1.00");
  const answers = [(await fetch(`${server_callback_url}?${altered}`)).status];
  answers.push((await fetch(`${server_callback_url}?${genuine}`)).status);
  expectThat(
    answers.join() === "409,200" && booked.includes(`${phpId}:approved`),
    `another amount is refused by the stored-order check, the genuine callback booked (${answers.join(", ")})`,
  );

  await endpointGroups();
  await yenAsThePhpLibrarySignsIt();
} finally {
  server.close();
  await sandbox.close();
}

/** Posts `fields` as the PHP library does: a form, no Accept header, `control` over `terms`. */
async function postLikeThePhpLibrary(command: string, fields: Record<string, string>, terms: string[]) {
  const control = await controlDigest(terms, controlKey);
  const body = new URLSearchParams({ ...fields, control });
  const response = await fetch(`${sandbox.url}/api/v2/${command}/${endpointId}`, { method: "POST", body });
  return parseClassicReply(await response.text());
}

/** PHP's 'end_point_group' => 42: the SDK's endpointGroupId, addresses .../sale/group/42. */
async function endpointGroups(): Promise<void> {
  const groupSandbox = await startSandbox({ endpointGroupIds: [42], latencyMs: 50 });
  const sent: string[] = [];
  const keys = { login: groupSandbox.login, controlKey: groupSandbox.controlKey };
  const record = (request: Request) => {
    sent.push(new URL(request.url).pathname);
    return fetch(request);
  };
  try {
    const group = createGateway({ baseUrl: groupSandbox.url, endpointGroupId: 42, ...keys, fetch: record });
    const id = `grp-${Date.now().toString(36)}`;
    const sale = await group.sale({
      ...sampleOrder(id),
      ...testCard(),
      redirect_url: "https://shop.example.com/return",
    });
    if (sale.error) throw sale.error;
    const final = await group.waitForFinalStatus({ client_orderid: id, orderid: sale.data["paynet-order-id"] });
    expectThat(sent[0] === "/paynet/api/v2/sale/group/42", `group: sale sent to ${sent[0]}`);
    expectThat(final.data?.status === "approved", `group: ${final.data?.status}`);
  } finally {
    await groupSandbox.close();
  }
}

/** JPY as the PHP library signs it (hundredths): the same choice on the gateway and the sandbox. */
async function yenAsThePhpLibrarySignsIt(): Promise<void> {
  const yenSandbox = await startSandbox({ controlAmounts: "hundredths", latencyMs: 50 });
  const keys = { endpointId: yenSandbox.endpointId, login: yenSandbox.login, controlKey: yenSandbox.controlKey };
  try {
    const yen = createGateway({ baseUrl: yenSandbox.url, ...keys, controlAmounts: "hundredths" });
    const id = `jpy-${Date.now().toString(36)}`;
    const order = sampleOrder(id, { amount: "1000", currency: "JPY" });
    const sale = await yen.sale({ ...order, ...testCard(), redirect_url: "https://shop.example.com/return" });
    expectThat(sale.data?.type === "async-response", "JPY signed in hundredths (1000 yen → 100000) is accepted");
  } finally {
    await yenSandbox.close();
  }
}

// What this page's program takes as given: its checks.
/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
