import type { Guide } from "../guide.ts";

export const takeACardPayment: Guide = {
  slug: "take-a-card-payment",
  title: "Take a card payment",
  summary: "A sale, the callback that brings its outcome, and the status operation that confirms it.",
  intro: `<p>A sale is asynchronous. The reply only says the gateway took the request: <code>status: processing</code>
and the gateway's order id, <code>paynet-order-id</code>. The outcome (<code>approved</code>, <code>declined</code>,
<code>error</code> or <code>filtered</code>) arrives later, by a callback to your <code>server_callback_url</code>,
and the status operation tells it whenever you ask.</p>
<p><strong>What to store:</strong> your <code>client_orderid</code> before you send the sale (it is how you find
the order again if the reply is lost), the <code>paynet-order-id</code> from the reply, and the final status with
the time you learnt it. Never store the card number or the CVV2.</p>`,
  diagram: {
    title: "A sale, its callback and the status check",
    participants: ["Customer", "Your server", "Gateway"],
    messages: [
      { from: "Customer", to: "Your server", text: "checkout with card details" },
      { from: "Your server", to: "Gateway", text: "sale (signed with control)" },
      { from: "Gateway", to: "Your server", text: "processing, paynet-order-id", reply: true },
      { from: "Your server", to: "Customer", text: '"payment in progress"', reply: true },
      { from: "Gateway", to: "Your server", text: "GET callback: status=approved" },
      { from: "Your server", to: "Gateway", text: "200 OK", reply: true },
      { from: "Your server", to: "Gateway", text: "status" },
      { from: "Gateway", to: "Your server", text: "approved, amount, card", reply: true },
      { from: "Your server", to: "Customer", text: "order confirmed" },
    ],
  },
  codeFile: "examples/guides/take-a-card-payment.ts",
  details: `<p>The program runs on a manual sandbox clock: <code>sandbox.clock.advance(2_000)</code> moves sandbox time so
the order becomes final without a real wait, and <code>sandboxTime(sandbox)</code> lets
<code>waitForFinalStatus</code> poll on the documented 3–5 s cadence in sandbox time. Against the real gateway,
drop the <code>clock</code> option.</p>`,
  pitfalls: [
    "The reply to <code>sale</code> is not the outcome. <code>processing</code> means only that the gateway took the request; never ship on it.",
    "A callback can come before your code has stored the sale's reply: look orders up by <code>client_orderid</code>, which you stored before sending.",
    "A callback that fails verification did not come from the gateway; answer 403 and change nothing. The SDK's <code>createCallbackHandler</code> answers 403 to a wrong <code>control</code> and 400 to a missing one, and does not call your code.",
    "The callback's <code>amount</code>, <code>currency</code> and <code>type</code> are not signed. Read the amount from the status operation before you fulfil.",
    '<code>unknown</code> and <code>processing</code> are not final: keep polling on the documented cadence (every 3–5 s for five minutes, then every 5–10 minutes, giving up after an hour without change) rather than giving up or paying again. When the wait gives up (<code>error.outcome === "unknown"</code>, a <code>StatusUnchangedError</code>) the payment is pending, not refused: tell the customer it is pending, keep the order, and let a final callback or a later status query settle it. Run the program with <code>217</code>, the sandbox\'s CVV2 that leaves a payment unknown, to see it.',
    "A decline is a final status, not an error of the call: the reply succeeds, and <code>error-message</code> in the status (<code>error_message</code> in the callback) says why.",
  ],
};
