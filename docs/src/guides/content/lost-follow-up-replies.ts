import type { Guide } from "../guide.ts";

export const lostFollowUpReplies: Guide = {
  slug: "lost-follow-up-replies",
  title: "Lost replies on a return, capture, void or payout",
  summary:
    "A refund, a capture, a cancel or a payout whose reply never came: ask the gateway whether it took effect with gateway.recover(error), and send it again only when it did not.",
  intro: `<p>A return, a capture or a void names an order that already exists, so the status of that order
cannot tell whether <em>this</em> request arrived: after a return, the order's status is still the
sale's <code>approved</code> whether the refund was made or never reached the gateway. And the
request's own <code>serial-number</code> (what <code>by-request-sn</code> would ask about) was in the reply
that was lost. Sending the return again could refund twice.</p>
<p>The gateway's <strong>transactions report</strong> (<code>/paynet-ui/services/transaction-report</code>,
beside the API, signed with OAuth HMAC-SHA1) lists every transaction with its type and status: a
return shows as a <code>reversal</code> (of a sale or capture) or a <code>cancel</code> (of a hold), a void as
a <code>cancel</code>, a capture as a <code>capture</code>. <code>gateway.recover(error)</code> reads it:</p>
<ol>
<li><strong>Read the order first</strong>: the ids of its transactions of that type, from the report,
and the <code>createdFromDate</code> the read began at (<code>transactionsBefore</code>). A transaction that
existed before the send is never this request's.</li>
<li><strong>Send.</strong> On an error whose <code>outcome</code> is <code>"unknown"</code>, keep the error.</li>
<li><strong>Recover</strong>: <code>gateway.recover(error, { transactionsBefore })</code> looks for a transaction of
the request's type on that order, created since the read began (without it, from shortly before
the failure: the reply's time limit and a clock skew of 60 s by default, <code>clockSkewMs</code>), with the
same amount when one was sent, and not among those read before. A payout, a sale or
a rebill opens an order of its own: it is found by its <code>client_orderid</code> with the status query.
"Not there" counts once it has been seen twice, a polling delay apart in real time.</li>
<li><strong><code>applied: true</code></strong>: it took effect; <code>status</code> and <code>serialNumber</code> are what
the lost reply would have told (follow the request with
<code>waitForFinalStatus({ client_orderid, orderid, "serial-number": serialNumber })</code>).
<strong><code>applied: false</code></strong>: it never did; the same request again is safe.
<strong><code>applied: "unknown"</code></strong>: the gateway could not be asked; wait
<code>retryAfterMs</code> and recover again, sending nothing meanwhile. Without
<code>transactionsBefore</code> it also answers <code>"unknown"</code> ("cannot tell", in <code>reason</code>)
when the order holds a transaction of that type and amount, which may be an earlier one.</li>
</ol>
<p><code>gateway.sendOnce("return", body)</code> runs these steps in one call (one report read first, at most
3 sends, 3 recoveries per lost reply; its <code>OutcomeUnknownError</code> keeps <code>transactionsBefore</code>
for a later <code>recover(error)</code>) and answers with <code>how</code> the request got through; the program below uses it. The loop
written by hand is in <a href="when-the-reply-is-lost.html">When the reply is lost</a>.</p>
<p>The program below breaks one return, one capture, one void and one payout with every network
fault the sandbox can play, and checks in the transactions report that each took effect exactly
once.</p>`,
  diagram: {
    title: "A return whose reply is lost",
    participants: ["Your server", "Gateway"],
    messages: [
      { from: "Your server", to: "Gateway", text: "return 3.00 of order 1000001" },
      { from: "Gateway", to: "Gateway", text: "reversal registered" },
      { from: "Gateway", to: "Your server", text: "reply lost (reset, 504, cut)", reply: true },
      { from: "Your server", to: "Gateway", text: "transactions report: reversals since the failure (recover)" },
      { from: "Gateway", to: "Your server", text: "reversal 3.00 of order 1000001: do not send again", reply: true },
    ],
  },
  codeFile: "examples/guides/lost-follow-up-replies.ts",
  details: `<h2>What the gateway's documents leave open</h2>
<ul>
<li>The report's reply form is not shown on the pages available to this project: the spec assumes CSV
with the columns of <code>TransactionReportRow</code> (<code>x-assumed</code>), and its dates in UTC. Check both
against your gateway's test environment before relying on them.</li>
<li>Two partial returns (or captures) of the same amount on the same order within the window are told
apart only by what existed before the send: the report's transaction <code>id</code> (<code>x-assumed</code>,
like its other columns) must stay the same from one read to the next. Without the ids read before,
<code>recover</code> answers <code>applied: "unknown"</code> rather than take the first return for the second
(which would leave the second refund unmade).</li>
<li>A transaction still <code>processing</code> is assumed to be listed (the documented status filter names
only final statuses, and without it "transactions in all statuses are returned").</li>
</ul>`,
  pitfalls: [
    "Recovering a return with <code>recoverOrder</code> or a status query: the order's status is the sale's, whether the refund was made or not. Pass the error to <code>gateway.recover(error)</code>.",
    "Sending the return again under a new <code>client_orderid</code>: a follow-up carries the order's own <code>client_orderid</code>, and the gateway refuses another.",
    'Treating <code>applied: "unknown"</code> as <code>false</code>: the gateway could not be asked; sending again may refund twice. Wait <code>retryAfterMs</code> and recover again.',
    "Recovering a second return of the same amount without <code>transactionsBefore</code>: the first one would look like it. Use <code>sendOnce</code>, or read the order's transactions before sending.",
    "A merchant account without access to the transactions report: <code>recover</code> then returns the report's refusal as its <code>error</code> (a 401 or 400); ask the gateway to enable the report for your login.",
  ],
};
