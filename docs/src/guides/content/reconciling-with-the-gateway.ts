import type { Guide } from "../guide.ts";

export const reconcilingWithTheGateway: Guide = {
  slug: "reconciling-with-the-gateway",
  title: "Reconciling with the gateway",
  summary:
    "Once a day, compare the shop's payout records with the gateway's transactions report and status queries, and flag every disagreement.",
  intro: `<p>Your records and the gateway's can drift apart: a reply lost after the gateway paid, a worker that crashed
before writing, a payout sent from another system, an outcome still <code>unknown</code>. Once a day, ask the gateway
what happened and compare:</p>
<ul>
<li><code>gateway.transactionReport({ createdFromDate, createdToDate })</code> lists every transaction of the period
(at most 31 days) with its type, status, <code>paynet-order-id</code> and <code>merchant-order-id</code> (your
<code>client_orderid</code>). Filter it by <code>transactionTypes</code>, <code>transactionStatuses</code> or
<code>endpoints</code> when you need fewer rows.</li>
<li>For a transaction your records hold as pending, ask <code>gateway.status</code> again: an <code>unknown</code> outcome
is pending, never failed.</li>
</ul>
<p>Flag what disagrees: a payout you think failed that the gateway approved (never pay it again), a payout the
gateway has and you lack, a record the gateway has never seen. After a single lost reply,
<code>gateway.recover(error)</code> answers the same question for one request, at once (see
<a href="when-the-reply-is-lost.html">When the reply is lost</a>).</p>`,
  diagram: {
    title: "The daily run",
    participants: ["Your records", "Your server", "Gateway"],
    messages: [
      { from: "Your server", to: "Gateway", text: "transaction-report (yesterday)" },
      { from: "Gateway", to: "Your server", text: "rows: type, status, merchant-order-id", reply: true },
      { from: "Your server", to: "Your records", text: "compare by client_orderid" },
      { from: "Your server", to: "Gateway", text: "status (each pending record)" },
      { from: "Gateway", to: "Your server", text: "approved / declined / still unknown", reply: true },
      { from: "Your server", to: "Your records", text: "settle, or flag for a person" },
    ],
  },
  codeFile: "examples/guides/reconciling-with-the-gateway.ts",
  pitfalls: [
    "Recording a payout as failed because its reply was lost: the gateway may have paid. Record it as pending and recover it (<code>gateway.recover(error)</code>) or let the daily run settle it.",
    "Paying again a payout flagged as approved at the gateway: the seller is paid twice. Correct your record instead.",
    "Reading <code>unknown</code> as failed: it is pending. Ask again; the documented gateway advises polling for an hour, then asking later.",
    "A period longer than 31 days, or an endpoint that is not yours: the report refuses it. Ask day by day.",
    "Dates in the wrong time zone: the report takes <code>YYYY-MM-DD HH:MM:SS</code>; the SDK writes a <code>Date</code> in UTC. Overlap the periods a little and de-duplicate by <code>paynet-order-id</code> and type.",
  ],
};
