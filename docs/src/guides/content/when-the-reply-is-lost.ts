import type { Guide } from "../guide.ts";

export const whenTheReplyIsLost: Guide = {
  slug: "when-the-reply-is-lost",
  title: "When the reply is lost",
  summary:
    "The sale reached the gateway, the card was charged, and the reply never came: recover every order without charging one twice.",
  intro: `<p>The hardest moment of a card payment is the reply that never comes. The connection broke after
the gateway charged the card, a proxy answered with its own page, the reply was cut halfway. Sending
the sale again could charge the customer twice; giving up loses a paid order. The pattern that
recovers every order:</p>
<ol>
<li><strong>Store the <code>client_orderid</code> first</strong>, with the order, before anything is sent.</li>
<li><strong>Send.</strong> A reply, a decline or a refusal is an answer. Every error says what is known in
<code>error.outcome</code>: <code>"not-applied"</code> (refused, connection refused: nothing happened) or
<code>"unknown"</code> (it may have taken effect), and carries <code>error.clientOrderId</code>.</li>
<li><strong>On <code>"unknown"</code>, recover</strong>: <code>gateway.recover(error)</code> asks the gateway, by the
order's <code>client_orderid</code>, whether the sale took effect, and answers <code>applied: false</code> when
the gateway has no such order (asked twice, a few seconds apart, so that a request still on its
way is not missed), <code>applied: true</code> with the order's id and status, or
<code>applied: "unknown"</code> when it could not be asked (ask again later).</li>
<li><strong>Send again only on <code>applied: false</code></strong>, with the same <code>client_orderid</code>. At
start-up, recover every order a crash left "sending" by its id: <code>gateway.recoverOrder({ client_orderid })</code>
(no error object survives a crash). A return, a capture or a void is recovered the same way; see
<a href="lost-follow-up-replies.html">Lost replies on a return, capture, void or payout</a>.</li>
</ol>
<p><code>gateway.sendOnce("sale", body)</code> runs steps 2 to 4 in one call: it sends, recovers a lost reply,
sends again only on <code>applied: false</code>, asks again while the gateway cannot tell, and answers with
<code>how</code> it got through (<code>"sent"</code>, <code>"resent"</code>, <code>"recovered"</code>), or with an
<code>OutcomeUnknownError</code> when its budget (3 sends, 3 recoveries per lost reply) runs out first: keep
the order "sending" and recover it later. The program also writes the loop out by hand
(<code>payByHand</code>): prefer that when a step between must be your own, such as marking the order
"sending again" in your database before a resend, or handing the wait over to a job.</p>
<p>The program below rehearses every fault the sandbox can play on its own replies
(<code>sandbox.faults.next({ kind, operation })</code>) and checks against the sandbox's order list that each
order is paid exactly once.</p>`,
  diagram: {
    title: "A sale whose reply is lost",
    participants: ["Your server", "Gateway"],
    messages: [
      { from: "Your server", to: "Your server", text: "store client_orderid (sending)" },
      { from: "Your server", to: "Gateway", text: "sale" },
      { from: "Gateway", to: "Gateway", text: "charge the card" },
      { from: "Gateway", to: "Your server", text: "reply lost (reset, 504, cut)", reply: true },
      { from: "Your server", to: "Gateway", text: "status by client_orderid (recover)" },
      { from: "Gateway", to: "Your server", text: "approved: do not send again", reply: true },
      { from: "Your server", to: "Your server", text: "mark the order paid" },
    ],
  },
  codeFile: "examples/guides/when-the-reply-is-lost.ts",
  pitfalls: [
    "Sending the sale again after a timeout or a reset: the first one may have been charged. Only <code>applied: false</code> from <code>gateway.recover(error)</code> (or <code>found: false</code> from <code>recoverOrder</code> at start-up) makes a resend safe.",
    "Sending again under a new <code>client_orderid</code>: the gateway cannot tell it from a new order and charges twice. Keep the id you stored.",
    "Treating a proxy's 502 or 504 page as the gateway's refusal: the error says it came from something between you and the gateway, with <code>outcome: \"unknown\"</code>; a 504 often follows an approved sale.",
    'Taking a 200 reply as success without reading it: an HTML page or <code>{"ok":true}</code> from a proxy is a <code>ReplyError</code> (<code>ERR_REPLY_UNREADABLE</code>, <code>ERR_REPLY_FOREIGN</code>), and so is a reply missing a key the spec requires (<code>ERR_REPLY_INCOMPLETE</code>) a redirect (<code>ERR_REPLY_REDIRECT</code>, never followed) or a reply longer than the client reads (<code>ERR_REPLY_TOO_LARGE</code>): not a payment, and its outcome is <code>unknown</code>.',
    'Forgetting orders left "sending" by a crash or a deploy: recover them at start-up, or a paid order is never delivered.',
    "Recovering with a short overall limit: <code>recoverOrder</code> keeps asking through transient failures on the documented cadence; pass <code>signal: AbortSignal.timeout(ms)</code> to stop earlier and keep the order for the next start-up.",
  ],
};
