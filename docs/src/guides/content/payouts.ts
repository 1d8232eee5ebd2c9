import type { Guide } from "../guide.ts";

export const payouts: Guide = {
  slug: "payouts",
  title: "Payouts",
  summary:
    "Send money to a card or bank account: v2 payout signed with HMAC-SHA1, v4 with RSA-SHA256, and check-then-pay.",
  intro: `<p>A payout moves money from your balance to a recipient. Three ways, each an operation of the spec:</p>
<ul>
<li><code>payout</code> (v2): to a card number, signed with OAuth 1.0a HMAC-SHA1 with your control key as the secret;</li>
<li><code>payout</code> (v4): to a card or a bank account, signed with OAuth 1.0a RSA-SHA256 with your private key;</li>
<li><code>payout-check</code> then <code>payout-pay</code> (v4): the first registers the payout and holds it
(<code>processing</code>), so you can review it; the second releases it, once.</li>
</ul>
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
  pitfalls: [
    "Retrying a payout after a timeout or a network error: it may have gone through. Ask the status by <code>client_orderid</code>; the sandbox refuses a different request under a used id, and a second payout under a new id pays twice.",
    "A second <code>payout-pay</code> of the same order is refused: a held payout is paid once.",
    "An OAuth signature refused as expired or replayed: OAuth requests carry a timestamp and a nonce; keep your server's clock synchronised (NTP) and never resend a signed request as it was; sign again.",
    "A v4 call without <code>privateKey</code> fails before sending, naming the field; a key shorter than 2048 bits is refused.",
    "A declined payout (a closed card, a wrong account) is a final status, not an error of the call: check the final status before you mark the seller paid.",
  ],
};
