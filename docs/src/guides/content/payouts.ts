import type { Guide } from "../guide.ts";

export const payouts: Guide = {
  slug: "payouts",
  title: "Payouts",
  summary:
    "Pay a seller to a stored card reference, a card number or a bank account (v2 HMAC-SHA1, v4 RSA-SHA256), check-then-pay, and rehearse the payouts that decline or stay unknown.",
  intro: `<p>A payout moves money from your balance to a recipient. Each way to pay is an operation of the spec,
and the program below runs every one of them against the sandbox:</p>
<ul>
<li><b>To a stored card</b>: <code>transferByRef</code> (v4, RSA-SHA256) with <code>destination-card-ref-id</code>, the
<code>card-ref-id</code> that <code>createCardRef</code> answers. A seller who is never charged gets one from an approved
<b>account verification</b> (the card is checked, no money moves): <code>createCardRef</code> takes its order like an approved payment's.
The same reference also takes <code>payoutByRef</code> (v4 payout-by-ref, with <code>server_callback_url</code>) and
<code>transferByRefV2</code> (the v2 transfer-by-ref the vendor's PHP library sends, control-signed); <code>statusV4</code> reads
any order's status signed with the RSA key.</li>
<li><b>To a card number</b>: <code>payout</code> (v2, OAuth 1.0a HMAC-SHA1 with your control key) with <code>destination-card-no</code>,
or <code>payoutV4</code> (RSA-SHA256 with your private key) with <code>credit_card_number</code>, the name and the expiry.</li>
<li><b>To a bank account</b>: <code>payout</code> (v2) or <code>payoutV4</code> with <code>account_number</code> and <code>bank_name</code>
(v2 also <code>bic</code>).</li>
<li><b>Check, then pay</b> (v4): <code>payoutCheck</code> registers the payout and holds it (<code>processing</code>), so you can
review it; <code>payoutPay</code> releases it, once.</li>
</ul>
<p>Which id goes where: a <code>card-ref-id</code> only in <code>destination-card-ref-id</code> of the transfer by reference; the v2
payout's <code>destination_card_recurring_payment_id</code> takes a <code>recurring-payment-id</code> (from
<code>createRecurringPaymentV4</code>), not a <code>card-ref-id</code>.</p>
<p><b>How you learn the outcome.</b> The v2 payout and <code>payoutV4</code> take <code>server_callback_url</code> (the published docs'
api_v4_payout page lists it as optional); the transfer by reference takes none (neither the API description's signing example nor
the published pages available to this project name one), so its outcome comes from polling the status only.
Poll every payout anyway before you mark a seller paid: a callback can be late or lost.</p>
<p>The SDK picks the scheme from the spec for each operation; you give it <code>controlKey</code> and
<code>privateKey</code> once.</p>`,
  diagram: {
    title: "Check, then pay",
    participants: ["Your server", "Gateway", "Recipient's bank"],
    messages: [
      { from: "Your server", to: "Gateway", text: "payout-check (RSA-SHA256)" },
      { from: "Gateway", to: "Your server", text: "paynet-order-id", reply: true },
      { from: "Your server", to: "Gateway", text: "status" },
      { from: "Gateway", to: "Your server", text: "processing (held)", reply: true },
      { from: "Your server", to: "Your server", text: "review, approve" },
      { from: "Your server", to: "Gateway", text: "payout-pay (once)" },
      { from: "Gateway", to: "Recipient's bank", text: "credit" },
      { from: "Gateway", to: "Your server", text: "callback / status: approved", reply: true },
    ],
  },
  codeFile: "examples/guides/payouts.ts",
  details: `<h2>Rehearsing payouts that fail</h2>
<p>A payout carries no CVV2, so on the sandbox the destination decides, as the CVV2 does for a payment. The documented
gateway publishes no payout test values; these are the sandbox's own (marked <code>x-assumed</code> in the spec). Any other
card or account is approved.</p>
<table>
<thead><tr><th>destination</th><th>outcome</th></tr></thead>
<tbody>
<tr><td>card <code>4000000000101016</code> (by number, or the reference of it verified with CVV2 123)</td><td>declined: Expired card, <code>error-code</code> 54</td></tr>
<tr><td>card <code>4000000000101198</code></td><td>declined: Transaction not permitted to cardholder, <code>error-code</code> 57</td></tr>
<tr><td>card <code>4000000000102170</code></td><td>stays <code>unknown</code>, <code>error-code</code> 91: pending, never failed</td></tr>
<tr><td>bank account <code>0000000014</code></td><td>declined: Invalid account number, <code>error-code</code> 14</td></tr>
<tr><td>bank account <code>0000000057</code></td><td>declined: Transaction not permitted: account closed, <code>error-code</code> 57</td></tr>
<tr><td>bank account <code>0000000091</code></td><td>stays <code>unknown</code>, <code>error-code</code> 91: pending, never failed</td></tr>
</tbody>
</table>`,
  pitfalls: [
    "Retrying a payout after a timeout or a network error: it may have gone through. Ask the status by <code>client_orderid</code>; the sandbox refuses a different request under a used id, and a second payout under a new id pays twice.",
    "A second <code>payout-pay</code> of the same order is refused: a held payout is paid once.",
    "An OAuth signature refused as expired or replayed: OAuth requests carry a timestamp and a nonce; keep your server's clock synchronised (NTP) and never resend a signed request as it was; sign again.",
    "A v4 call without <code>privateKey</code> fails before sending, naming the field; a key shorter than 2048 bits is refused.",
    "A declined payout (a closed card, a wrong account) is a final status, not an error of the call: check the final status before you mark the seller paid. Rehearse it with the test values above.",
    'A payout still <code>unknown</code> after the wait is pending, not failed: paying the seller again under a new <code>client_orderid</code> may pay twice. Keep asking the status, and reconcile daily (see the guide <a href="reconciling-with-the-gateway.html">Reconciling with the gateway</a>).',
    "Paying a <code>card-ref-id</code> through <code>destination_card_recurring_payment_id</code>: that field takes a <code>recurring-payment-id</code>. A card reference goes to the transfer by reference.",
  ],
};
