import type { Guide } from "../guide.ts";

export const callbacksInProduction: Guide = {
  slug: "callbacks-in-production",
  title: "Callbacks in production",
  summary:
    "Verify each callback, answer 200, book each event once by status, type, orderid and client_orderid, and know the retry schedule.",
  intro: `<p>The gateway calls your <code>server_callback_url</code> with an HTTP GET each time an order reaches a final
status: the payment, then each capture, void, return, and later events such as a chargeback. Your handler:</p>
<ol>
<li><strong>verifies</strong> the <code>control</code> with <code>parseCallback(query, controlKey)</code>, which
throws when it does not match;</li>
<li><strong>stores</strong> the event once: status, type, orderid and client_orderid together name one event, so a
unique key on the four makes a redelivery harmless;</li>
<li><strong>answers 200</strong> once it is stored (or was already), quickly, and does slow work (e-mails,
shipping) afterwards. Anything but 200 is delivered again later.</li>
</ol>`,
  diagram: {
    title: "A callback delivered, refused, redelivered and booked once",
    participants: ["Gateway", "Your handler", "Your database"],
    messages: [
      { from: "Gateway", to: "Your handler", text: "GET ?status=approved&control=…" },
      { from: "Your handler", to: "Your handler", text: "verify control" },
      { from: "Your handler", to: "Your database", text: "insert event (unique key)" },
      { from: "Your database", to: "Your handler", text: "down", reply: true },
      { from: "Your handler", to: "Gateway", text: "503", reply: true },
      { from: "Gateway", to: "Your handler", text: "same callback, 1 min later" },
      { from: "Your handler", to: "Your database", text: "insert event" },
      { from: "Your handler", to: "Gateway", text: "200 OK", reply: true },
      { from: "Gateway", to: "Your handler", text: "a duplicate" },
      { from: "Your handler", to: "Your database", text: "insert: already there" },
      { from: "Your handler", to: "Gateway", text: "200 OK", reply: true },
    ],
  },
  codeFile: "examples/guides/callbacks-in-production.ts",
  details: `<h2 id="retry-schedule">The retry schedule</h2>
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
<code>type</code>, the card details or the error fields: <code>parseCallback</code> puts those under
<code>unsigned</code>, and the program shows an edited amount still verifying. Read amounts from the status
operation before money decisions.</p>`,
  pitfalls: [
    "Answering 200 before storing: if your process dies in between, the event is lost, and the gateway will not send it again.",
    "Answering an error for a callback you already stored: it comes back for 14 days. A duplicate is a success.",
    "De-duplicating by orderid alone: one order has several events (the sale, then a capture, then a return), each its own callback.",
    "Expecting order: callbacks can arrive out of order (a return before its capture's callback after a retry). Apply each event to your totals, and confirm the current state with the status operation.",
    "Slow handlers: the gateway waits a few seconds per delivery; a handler that sends e-mails first times out and is called again.",
    "A firewall that only lets the gateway in by IP: fine, but still verify <code>control</code>; the signature, not the address, is the proof.",
  ],
};
