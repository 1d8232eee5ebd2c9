import type { Guide } from "../guide.ts";

export const goingLive: Guide = {
  slug: "going-live",
  title: "Going live",
  summary:
    "What changes (base URL, endpoint ids, keys), timeouts, the never-retry rule for money-moving calls, and logging without card data.",
  intro: `<p>Code that passes against the sandbox needs four settings changed for production, all from your secret store,
never from the code: the <strong>base URL</strong> (the gateway's https address, with its <code>/paynet</code>
prefix), the <strong>endpoint ids</strong> (often one per currency or per 3-D Secure mode; the gateway assigns them),
the <strong>login and control key</strong>, and the <strong>RSA private key</strong> whose public half you registered
for the v4 operations. Your <code>server_callback_url</code> must be reachable from the gateway over https.</p>
<p><strong>Timeouts.</strong> Each call waits <code>timeoutMs</code> (30 s by default) for its reply, then fails with
<code>TimeoutError</code>; a dropped connection is a <code>NetworkError</code>. Neither tells you whether the gateway
acted. So: <strong>never resend a call that moves money</strong> (sale, preauth, capture, return, payout, rebill) after
one. Ask the status by your <code>client_orderid</code>; the order is there (follow it) or it is not (then, and only then, send it again).</p>`,
  diagram: {
    title: "A lost reply, and the status instead of a retry",
    participants: ["Your server", "Network", "Gateway"],
    messages: [
      { from: "Your server", to: "Network", text: "sale (client_orderid stored)" },
      { from: "Network", to: "Gateway", text: "sale" },
      { from: "Gateway", to: "Network", text: "processing", reply: true },
      { from: "Network", to: "Your server", text: "connection reset", reply: true },
      { from: "Your server", to: "Gateway", text: "status by client_orderid" },
      { from: "Gateway", to: "Your server", text: "order 1000001 exists", reply: true },
      { from: "Your server", to: "Gateway", text: "poll until final" },
      { from: "Gateway", to: "Your server", text: "approved", reply: true },
    ],
  },
  codeFile: "examples/guides/going-live.ts",
  details: `<h2 id="checklist">Checklist</h2>
<ul>
<li>Settings from the environment or a secret store; a different control key and RSA pair from the sandbox's.</li>
<li><code>client_orderid</code> stored before each call, unique per order (the gateway refuses a different request under a used id).</li>
<li>Callback handler verifying, storing once and answering 200; its URL reachable over https.</li>
<li>Status polling on the documented cadence for orders without a callback; <code>unknown</code> treated as not final.</li>
<li>A <code>logger</code> wired to your logs: entries are already redacted (card number masked to first six and last four, CVV2, control and keys removed).</li>
<li>Your own logs checked too: never log request bodies of your checkout form, and keep the customer's card out of error reports.</li>
</ul>`,
  pitfalls: [
    "Retrying a sale after a timeout: the customer is charged twice. Status first, always.",
    "A shorter timeout than the gateway needs: 3-D Secure and acquirer latency can take several seconds; a timeout is not a decline.",
    "Logging raw requests in a proxy, an APM agent or an error tracker: the SDK's logger redacts, but the layers around it do not. Exclude the form fields.",
    "Endpoint ids mixed up between currencies: the gateway refuses, or worse, settles in the wrong currency. Keep them in configuration next to their currency.",
    "The sandbox's base URL left in a config file: production requests go nowhere. Check the base URL at start-up.",
    "Clock drift on the server: OAuth-signed calls (payouts, v4) are refused when the timestamp is more than a few minutes off. Run NTP.",
  ],
};
