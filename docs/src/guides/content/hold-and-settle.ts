import type { Guide } from "../guide.ts";

export const holdAndSettle: Guide = {
  slug: "hold-and-settle",
  title: "Hold and settle",
  summary:
    "preauth holds the funds, capture takes what you ship, void cancels, return refunds; the rules of which may follow which.",
  intro: `<p>Take the money when you ship, not when the customer orders: <code>preauth</code> holds the amount on the card,
<code>capture</code> takes all of it or part of it (several partial captures may follow, never more than was held),
<code>void</code> cancels an authorized payment that has not settled, and <code>return</code> refunds in full (no
amount) or in part. Each of these is asynchronous like the payment: the reply acknowledges, then the order is
<code>processing</code> again until the operation is done, and a callback with its <code>type</code>
(<code>capture</code>, <code>void</code>, <code>reversal</code>) reports it.</p>
<p><strong>What to store:</strong> per order, what was held, captured and returned, so that you never ask for what
the gateway will refuse.</p>`,
  diagram: {
    title: "Preauth, partial capture and returns",
    participants: ["Your server", "Gateway", "Card issuer"],
    messages: [
      { from: "Your server", to: "Gateway", text: "preauth 50.00" },
      { from: "Gateway", to: "Card issuer", text: "authorize (hold)" },
      { from: "Gateway", to: "Your server", text: "approved", reply: true },
      { from: "Your server", to: "Gateway", text: "capture 30.00 (on shipping)" },
      { from: "Gateway", to: "Your server", text: "approved", reply: true },
      { from: "Your server", to: "Gateway", text: "return 12.50 (one item back)" },
      { from: "Gateway", to: "Your server", text: "approved", reply: true },
      { from: "Gateway", to: "Card issuer", text: "settlement (daily)" },
      { from: "Your server", to: "Gateway", text: "void after settlement" },
      { from: "Gateway", to: "Your server", text: "400: use return instead", reply: true },
    ],
  },
  codeFile: "examples/guides/hold-and-settle.ts",
  details: `<h2 id="state-rules">The state rules</h2>
<table>
<tr><th>operation</th><th>allowed when</th><th>amount</th></tr>
<tr><td><code>capture</code></td><td>the order is an approved preauth</td><td>optional: omitted captures all; captures together never exceed what was held</td></tr>
<tr><td><code>void</code></td><td>an approved sale or preauth, not settled, with no returns</td><td>never</td></tr>
<tr><td><code>return</code></td><td>a final <code>approved</code> status with no operation under way</td><td>optional: omitted refunds all that is left; of an uncaptured preauth it releases the hold and is full only</td></tr>
</table>
<p>A refused follow-up is a 400 whose <code>error-message</code> names the rule, and changes nothing. On the sandbox an
approved sale or capture settles after <code>settleDelayMs</code> (here a day of manual-clock time).</p>`,
  pitfalls: [
    "Capturing right after the preauth reply: the preauth is still <code>processing</code>. Wait for <code>approved</code> (callback or status).",
    "Capturing or returning more than is left; the gateway refuses, so keep the totals on your side and show the user what is left.",
    "Voiding a settled payment: after settlement only a return gives the money back.",
    "Holds expire. An uncaptured preauth is released by the issuer after some days (the card scheme decides); capture within your acquirer's window or release it with a return.",
    "Sending <code>amount</code> without <code>currency</code> (or the other way round) on a capture or return: the two go together, and the <code>control</code> signs both.",
    "Retrying a capture or return after a timeout: query the status first. A second capture may well succeed.",
  ],
};
