import type { Guide } from "../guide.ts";

const row = (...cells: string[]) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;

export const movingFromThePhpLibrary: Guide = {
  slug: "moving-from-the-php-library",
  title: "Moving from the PHP library",
  summary:
    "Each call of the vendor's PHP library beside this SDK's, what differs on the wire, the callback checks to keep, and both stacks on one sandbox during the move.",
  intro: `<p>A checkout built on the gateway vendor's PHP library (<code>payneteasy/php-library-payneteasy-api</code>)
moves to this SDK call by call. Both talk to the same gateway with the same keys, and their signatures verify in
each other: you can move one flow at a time, with the PHP code and the TypeScript service running side by side
against one sandbox, <code>npx card-processing-sandbox --classic-replies</code> (once the packages are on the npm registry; until then <code>node packages/sandbox/dist/cli/main.js</code> from a built clone, or the executable <code>npx pnpm@12.21.0 build:executable</code> writes, with the same flags). With that option the sandbox answers
the library's requests (no <code>Accept</code> header) in the classic <code>key=value</code> form it parses, and the
SDK's in JSON; without it the library only sees <code>HTTP code: '400'</code>.</p>
<p>The program below runs every flow with the SDK and shows the library's call above each one in a comment.
The repository's <code>examples/php-library/</code> runs the library itself, unmodified, against the sandbox in CI
where <code>php</code> is installed: sale, status, decline, sale-form, preauth with a full capture, return,
and callbacks verified in both directions.</p>`,
  diagram: {
    title: "Both stacks on one sandbox during the move",
    participants: ["PHP library", "Sandbox", "SDK"],
    messages: [
      { from: "PHP library", to: "Sandbox", text: "sale, no Accept, control over 1042" },
      { from: "Sandbox", to: "PHP library", text: "type=async-response (classic text)", reply: true },
      { from: "SDK", to: "Sandbox", text: "status (Accept: vnd.pay+json)" },
      { from: "Sandbox", to: "SDK", text: '{"status": "approved"}', reply: true },
      { from: "Sandbox", to: "PHP library", text: "GET callback, control" },
      { from: "PHP library", to: "Sandbox", text: "capture: held amount signed, not sent" },
      { from: "SDK", to: "Sandbox", text: "capture: amount signed as empty" },
      { from: "Sandbox", to: "SDK", text: "GET callback, the same control" },
    ],
  },
  codeFile: "examples/guides/moving-from-the-php-library.ts",
  details: `<h2 id="configuration">Configuration</h2>
<table><thead><tr><th>PHP library (<code>QueryConfig</code>)</th><th>this SDK</th></tr></thead><tbody>
${row("<code>gateway_url_sandbox</code>, <code>gateway_url_production</code>, <code>gateway_mode</code>: <code>https://host/paynet/api/v2/</code>", "<code>createGateway({ baseUrl })</code>: <code>https://host/paynet</code>, one gateway per environment; the SDK adds <code>/api/v2/sale/1111</code>")}
${row("<code>end_point</code>", "<code>endpointId</code>")}
${row("<code>end_point_group</code> (addresses <code>.../sale/group/42</code>)", "<code>endpointGroupId</code>: either it or <code>endpointId</code>")}
${row("<code>login</code>, <code>signing_key</code>", "<code>login</code>, <code>controlKey</code>")}
${row("<code>redirect_url</code>, <code>site_url</code>, <code>callback_url</code>: once, in the configuration", "<code>redirect_url</code>, <code>site_url</code>, <code>server_callback_url</code>: in each request's body")}
</tbody></table>
<h2 id="fields">The order's fields</h2>
<p>The library nests the order in objects and maps property paths to the gateway's fields; the SDK takes the
gateway's field names, flat, and the amount as a decimal string.</p>
<table><thead><tr><th>PHP property path</th><th>field</th></tr></thead><tbody>
${row("<code>payment.clientId</code>, <code>payment.paynetId</code>", "<code>client_orderid</code>, <code>orderid</code>")}
${row("<code>payment.description</code>, <code>payment.amount</code> (float), <code>payment.currency</code>, <code>payment.comment</code>", '<code>order_desc</code>, <code>amount</code> (<code>"10.42"</code>), <code>currency</code>, <code>comment</code>')}
${row("<code>payment.customer.email</code>, <code>.ipAddress</code>, <code>.firstName</code>, <code>.lastName</code>", "<code>email</code>, <code>ipaddress</code>, <code>first_name</code>, <code>last_name</code>")}
${row("<code>payment.billingAddress.firstLine</code>, <code>.city</code>, <code>.state</code>, <code>.zipCode</code>, <code>.country</code>, <code>.phone</code>", "<code>address1</code>, <code>city</code>, <code>state</code>, <code>zip_code</code>, <code>country</code>, <code>phone</code>")}
${row("<code>payment.creditCard.cardPrintedName</code>, <code>.creditCardNumber</code>, <code>.expireMonth</code>, <code>.expireYear</code>, <code>.cvv2</code>", "<code>card_printed_name</code>, <code>credit_card_number</code>, <code>expire_month</code>, <code>expire_year</code> (two or four digits), <code>cvv2</code>")}
</tbody></table>
<h2 id="calls">Calls, handlers and errors</h2>
<table><thead><tr><th>PHP library</th><th>this SDK</th></tr></thead><tbody>
${row("<code>executeQuery('sale' | 'preauth' | 'capture' | 'return' | 'status' | 'sale-form' | 'preauth-form' | 'account-verification' | 'create-card-ref' | 'get-card-info' | 'make-rebill', $transaction)</code>", "<code>gateway.sale</code>, <code>preauth</code>, <code>capture</code>, <code>return</code>, <code>status</code>, <code>saleForm</code>, <code>preauthForm</code>, <code>accountVerification</code>, <code>createCardRef</code>, <code>getCardInfo</code>, <code>makeRebill</code>; its <code>sync-account-verification</code>, <code>transfer-form</code> and <code>transfer-by-ref</code> are <code>syncAccountVerification</code>, <code>transferForm</code> and <code>transferByRefV2</code>, and every other query has the operation of the same command in the API reference")}
${row("<code>HANDLER_STATUS_UPDATE</code> (the page that queries the status again)", '<code>nextStep(data).action === "poll"</code>; <code>gateway.waitForFinalStatus(order)</code> polls on the documented schedule')}
${row("<code>HANDLER_REDIRECT</code>, <code>HANDLER_SHOW_HTML</code>", '<code>"redirect"</code> with <code>url</code>, <code>"show-html"</code> with <code>html</code>')}
${row("<code>HANDLER_FINISH_PROCESSING</code>; a decline adds an error to the transaction", '<code>"done"</code>; a decline is <code>data.status === "declined"</code>, not an error')}
${row("<code>HANDLER_SAVE_CHANGES</code> (after every query)", "your own store: <code>client_orderid</code> before sending, <code>paynet-order-id</code> from the reply")}
${row("<code>HANDLER_CATCH_EXCEPTION</code>: <code>ValidationException</code> before sending, <code>PaynetException</code> for a refusal, <code>RequestException</code> for curl or HTTP failures", '<code>{ data, error }</code>: <code>error.outcome</code> is <code>"not-applied"</code> (refused, or stopped before sending: a <code>SigningError</code> is thrown) or <code>"unknown"</code> (it may have taken effect: <code>gateway.recover(error)</code>, never resend)')}
${row("<code>processPaynetEasyCallback(new CallbackResponse($_GET), $storedTransaction)</code>", "<code>createCallbackHandler({ controlKey, storedOrder, onCallback })</code>")}
</tbody></table>
<h2 id="wire">What differs on the wire</h2>
<ul>
<li><strong>A full capture.</strong> The library sends <code>client_orderid</code>, <code>orderid</code> and <code>login</code>,
no amount, but signs the amount and currency of its <code>Payment</code> (the held amount, <code>1042USD</code>).
The SDK sends no amount either and signs both as empty strings. The sandbox, as the gateway, takes both.</li>
<li><strong>Amounts.</strong> The library sends the PHP float as PHP prints it (<code>25.0</code> as <code>25</code>,
<code>2.50</code> as <code>2.5</code>) and signs <code>(string)($amount * 100)</code>, which is right only while
php.ini's <code>precision</code> is its default 14: with <code>precision = -1</code>, 19.99 signs as
<code>1998.9999999999998</code> and the sale is refused. The SDK sends your decimal string as it is and computes
minor units from it, never through a float.</li>
<li><strong>JPY, KWD and the other currencies without two decimals.</strong> The library signs the amount times 100
(1000 JPY as <code>100000</code>); the SDK signs ISO 4217 minor units (<code>1000</code>) unless you choose
<code>controlAmounts: "hundredths"</code>. Which one the live gateway verifies is not published: settle it on the
gateway's own test environment before taking such a currency live, and start the sandbox with the same choice
(<code>--control-amounts hundredths</code>).</li>
</ul>
<h2 id="callbacks">The callback checks to keep</h2>
<p>The library refused a callback unless its <code>control</code> verified (SHA-1 of
<code>status + orderid + client_orderid</code> and the key), its status was final, and its <code>orderid</code>,
<code>client_orderid</code>, <code>merchant_order</code> and <code>amount</code> equalled those of the order the shop
had stored. The signature covers only status and the two ids: a changed amount still verifies. Keep the
stored-order check with <code>createCallbackHandler</code>'s <code>storedOrder</code> (a callback that does not match
the order you return, or names none, is refused and <code>onCallback</code> does not run), and let
<code>confirm: gateway</code> ask the gateway for the order's status before <code>onCallback</code>.</p>`,
  pitfalls: [
    "A full capture built as the library's own capture example builds it, without <code>amount</code> on the <code>Payment</code>, signs <code>0</code> and is refused (<code>control does not match</code>). Give the library's capture the held amount and currency, or send it with the SDK.",
    "<code>baseUrl</code> ending in <code>/api/v2</code>, copied from <code>gateway_url_sandbox</code>: every call goes to <code>/api/v2/api/v2/...</code> and is refused (the sandbox says <code>no API path /api/v2/api/v2/sale/1111</code>). The SDK's <code>baseUrl</code> stops at the gateway's path prefix, <code>/paynet</code>.",
    "No callbacks after the move: <code>callback_url</code> was in the library's configuration; with the SDK each request carries its <code>server_callback_url</code>.",
    "Checking the stored order inside <code>onCallback</code> and returning normally on a mismatch: the event then counts as handled and the genuine callback after it is skipped. Use <code>storedOrder</code>, or throw (the handler answers 500 and the gateway delivers again).",
    "Amounts computed as floats and passed on: <code>0.1 + 0.2</code> is <code>0.30000000000000004</code>. Keep amounts as decimal strings from your database to the SDK.",
    "The library takes callbacks of type <code>sale</code>, <code>reversal</code> and <code>chargeback</code> only; <code>createCallbackHandler</code> hands you every type (<code>capture</code>, <code>return</code>...). Look at <code>type</code> in the status you confirm before booking.",
    "JPY signed one way by the PHP service and the other by the SDK during the move: one of them is refused. Choose <code>controlAmounts</code> to match what the gateway verifies.",
  ],
};
