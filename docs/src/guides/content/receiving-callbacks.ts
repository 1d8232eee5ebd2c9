import type { Guide } from "../guide.ts";

export const receivingCallbacks: Guide = {
  slug: "receiving-callbacks",
  title: "Receiving callbacks",
  summary:
    "One handler that verifies each callback, acts once per event, answers 200, and never lets a late status overwrite a final one.",
  intro: `<p>The gateway calls your <code>server_callback_url</code> with an HTTP GET each time an order reaches a final
status: the payment, then each capture, void, return, and later events such as a chargeback.
<code>createCallbackHandler</code> from <code>@card-processing/client/callback-handler</code> is that endpoint, a
web-standard <code>(request: Request) =&gt; Promise&lt;Response&gt;</code>:</p>
<ol>
<li>it <strong>verifies</strong> <code>control</code>: 400 without it or a signed field, 403 when it does not match,
400 for a <code>type</code> the gateway does not send, and your code is not called;</li>
<li>it <strong>checks the claims</strong>: <code>control</code> signs status, orderid and client_orderid only, so with
<code>storedOrder</code> it refuses a callback whose ids, amount or currency are not your order's (409, or 404 for an order
you do not have), and with <code>confirm: gateway</code> it asks the gateway for the order's status and hands you the
answer;</li>
<li>it calls your <code>onCallback</code> <strong>once per event</strong>: status, type, orderid and client_orderid name one
event, even when deliveries of it arrive at once or at several instances of your shop: <code>seen</code> (your own
table, <code>sqlCallbackClaims</code>) is where an instance claims an event before handling it, and you complete the claim
in the same transaction as your own write;</li>
<li>it <strong>answers 200</strong> once <code>onCallback</code> returned, and 500 when it threw (the error's text stays with
you), so the gateway delivers it again later. A body past 16 KB is answered 413 before the rest is read.</li>
</ol>
<p>Each verified callback says whether its status is <code>final</code>: a callback that is not final must never
overwrite a final status you already stored.</p>`,
  diagram: {
    title: "A callback refused while the database is down, redelivered, booked once",
    participants: ["Gateway", "Callback handler", "Your database"],
    messages: [
      { from: "Gateway", to: "Callback handler", text: "GET ?status=approved&control=…" },
      { from: "Callback handler", to: "Callback handler", text: "verify control" },
      { from: "Callback handler", to: "Your database", text: "onCallback: store" },
      { from: "Your database", to: "Callback handler", text: "down", reply: true },
      { from: "Callback handler", to: "Gateway", text: "500", reply: true },
      { from: "Gateway", to: "Callback handler", text: "same callback, 1 min later" },
      { from: "Callback handler", to: "Your database", text: "storedOrder; seen.claim" },
      { from: "Callback handler", to: "Gateway", text: "confirm: status" },
      { from: "Gateway", to: "Callback handler", text: "approved, 20.00 USD", reply: true },
      { from: "Callback handler", to: "Your database", text: "onCallback: begin; store; event.complete; commit" },
      { from: "Callback handler", to: "Gateway", text: "200 OK", reply: true },
      { from: "Gateway", to: "Callback handler", text: "a duplicate" },
      { from: "Callback handler", to: "Your database", text: "seen.claim: done" },
      { from: "Callback handler", to: "Gateway", text: "200 OK", reply: true },
    ],
  },
  codeFile: "examples/guides/receiving-callbacks.ts",
  details: `<h2 id="frameworks">In your framework</h2>
<p>The handler is a standard <code>Request</code> handler, so it mounts as it is. Each of these files runs against the
sandbox in CI (<code>examples/callback-frameworks/frameworks.test.ts</code>). A Cloudflare Worker and a Next.js route
handler make it later, where the key arrives: see <a href="serverless-functions.html">Serverless functions</a>.</p>
<pre data-file="examples/callback-frameworks/route.ts"></pre>
<pre data-file="examples/callback-frameworks/hono.ts"></pre>
<pre data-file="examples/callback-frameworks/express.ts"></pre>
<pre data-file="examples/callback-frameworks/fastify.ts"></pre>
<h2 id="seen">Your own table for <code>seen</code></h2>
<p><code>seen</code> is where every instance of your shop claims an event before handling it: <code>claim(key,
leaseMs)</code> answers <code>"claimed"</code>, <code>"done"</code> or <code>"busy"</code>, then the event is completed after
<code>onCallback</code> succeeded, or released after it threw. A claim is granted when the key has no row, or when the last
claim's lease ran out without being completed. A delivery that meets another instance's live claim is answered 503, so
the gateway delivers it again later.</p>
<p><code>sqlCallbackClaims(query)</code> is that table in PostgreSQL over your driver's query function,
<code>(sql, params) =&gt; rows</code>, with no dependency of its own: node-postgres
(<code>(sql, params) =&gt; pool.query(sql, params).then((r) =&gt; r.rows)</code>), postgres.js
(<code>(text, params) =&gt; sql.unsafe(text, params)</code>) and PGlite (as the program above) fit. It completes a claim in
one of two ways, with different guarantees:</p>
<ul>
<li><strong>In your transaction</strong>: <code>onCallback(callback, event)</code> calls
<code>event.complete(txQuery)</code> inside the transaction that holds your own write, before its commit. The event is
marked handled exactly when your write commits: a process killed before the commit leaves neither (the first delivery
after the lease handles the event), and one whose lease ran out meanwhile finds the claim taken and rolls back. Each
event's write happens once. <code>packages/client/src/callbacks/sql-callback-claims.postgres.test.ts</code> runs three processes on a
real PostgreSQL server, each event delivered to two at once, processes killed with <code>kill -9</code> between their
write and the completion, and counts 0 duplicates and 0 lost.</li>
<li><strong>Lease only</strong> (a store without transactions): the handler completes the event after
<code>onCallback</code> returned. A process killed between your write and that completion leaves the event claimed, and
the first delivery after the lease handles it again: make that write idempotent (the same test counts one duplicate per
kill this way).</li>
</ul>
<p><code>examples/callback-frameworks/claims-across-instances.test.ts</code> runs 1,000 events through two instances sharing
it, one of them killed half way, and finds each handled once. The default, <code>memoryCallbackSeen()</code>, holds within
one process and forgets on restart: fine for one process, not for several. A store of version 0.2 (<code>has</code>,
<code>add</code>) is still accepted, but then two instances can both handle one event.</p>
<h2 id="cloudflare">On Cloudflare: a Durable Object for <code>seen</code></h2>
<p>Without PostgreSQL, a Worker claims events in a Durable Object, one per event: it runs its calls one at a time and
holds the next while it reads and writes its storage, so claim, check and write are one step for every Worker instance.
Workers KV cannot hold a claim: it is eventually consistent (a write can take a minute to reach other locations), so two
instances can both read "no claim" and both handle the event. The Worker that uses it, and why a Worker makes the
handler from <code>env</code> per request, are on <a href="serverless-functions.html#workers">Serverless functions</a>;
CI runs both in workerd, the Durable Object on its local storage.</p>
<pre data-file="examples/workers/durable-object-claims.ts"></pre>
<h2 id="check-callbacks">Check your real endpoint in CI</h2>
<p><code>card-processing-sandbox check-callbacks --url https://staging.shop.example/payments/callback --control-key "$KEY"</code>
sends your endpoint callbacks for made-up orders (genuine, duplicate, forged, missing or tampered <code>control</code>, an
unsigned field changed, out of order, a late duplicate, long values), each a GET as the gateway sends it, prints one line per case with what it
saw and what to fix, and exits 0 only when every case passes (<code>--json</code> for CI). In a test suite,
<code>checkCallbackEndpoint(url, { controlKey })</code> from <code>@card-processing/sandbox</code> does the same. Its orders are
made up, which a handler with <code>storedOrder</code> refuses as unknown: give it an order your shop holds
(<code>--client-orderid</code>, <code>--orderid</code>, <code>--amount</code>, <code>--currency</code>; <code>order</code> in code) and every case is about
that order, a 409 to the changed amount counting as a pass.</p>
<h2 id="retry-schedule">The retry schedule</h2>
<p>Up to 30 deliveries over 14 days. The waits after each failed delivery:</p>
<table>
<tr><th>deliveries</th><th>wait before the next</th></tr>
<tr><td>1 → 7</td><td>1 min, 2 min, 5 min, 10 min, 15 min, 30 min</td></tr>
<tr><td>7 → 14</td><td>1 h, 2 h, 4 h, 6 h, 8 h, 12 h, 12 h</td></tr>
<tr><td>14 → 30</td><td>18 h each</td></tr>
</table>
<h2 id="signature">What the signature covers</h2>
<p><code>control</code> = SHA-1 of <code>status + orderid + client_orderid + control key</code>. It proves the gateway
said this order has this status. It does <em>not</em> cover <code>amount</code>, <code>currency</code>,
<code>type</code>, the card details or the error fields: they are claims, which the verified callback puts under
<code>unsigned</code>. Anyone holding one genuine callback (from an access log, say) can replay it with another
<code>type</code>, a new event, or another <code>amount</code>. And the terms are joined without separators: a callback
signed for orderid <code>1000001</code> and client_orderid <code>5001</code> verifies as well for <code>100000</code> and
<code>15001</code> (a customer return, which travels through the payer's browser, too). The handler refuses a
<code>type</code> the gateway does not send; <code>storedOrder</code> (your order's ids, amount and currency, as the
gateway's PHP library checks) and <code>confirm</code> (the gateway's own answer) close the rest. Step 6 of the program
shows each refused.</p>`,
  pitfalls: [
    "Doing slow work (e-mails, shipping) inside <code>onCallback</code>: the gateway waits a few seconds per delivery, then calls again. Store the event, answer, and work afterwards.",
    "Catching errors inside <code>onCallback</code> and returning: the handler answers 200 and the event is lost. Let the error through; the 500 brings the callback back.",
    "De-duplicating by orderid alone: one order has several events (the sale, then a capture, then a return), each its own callback.",
    "Trusting order: callbacks can arrive out of order. Never let a callback that is not <code>final</code> overwrite a final status; confirm the current state with the status operation.",
    "Keeping <code>seen</code> in memory behind several processes: each remembers only its own. Back it with your table (<code>sqlCallbackClaims</code>).",
    "Acting on <code>amount</code> or <code>type</code> without <code>storedOrder</code> or <code>confirm</code>: they are not signed, and a replayed callback can carry any.",
    "A <code>leaseMs</code> shorter than your slowest <code>onCallback</code>: when the lease runs out mid-call, another instance may claim the event and handle it too.",
    "A firewall that only lets the gateway in by IP: fine, but still verify <code>control</code>; the signature, not the address, is the proof.",
  ],
};
