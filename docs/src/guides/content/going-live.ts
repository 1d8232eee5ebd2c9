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
<li>Before taking JPY, KWD or another currency without two decimals live: <code>controlAmounts</code> settled on the gateway's sandbox (below).</li>
</ul>
<h2 id="control-amounts">JPY, KWD: how <code>control</code> writes the amount</h2>
<p>The gateway's docs say the <code>control</code> string carries the amount "in cents (minor units)" and publish nothing
for currencies whose ISO 4217 exponent is not 2. The SDK writes ISO 4217 minor units by default
(<code>controlAmounts: "iso-4217"</code>: 1000 JPY as <code>1000</code>, 1.5 KWD as <code>1500</code>); the vendor's PHP
library multiplies every amount by 100 (<code>"hundredths"</code>: 1000 JPY as <code>100000</code>, 1.234 KWD as
<code>123.4</code>). Two-decimal currencies sign alike both ways. Before going live with such a currency, run the
validation proxy in front of the gateway's sandbox (<code>card-processing-sandbox proxy --upstream URL --control-key KEY</code>),
send one small sale each way, keep the way it accepts (<code>createGateway({ ..., controlAmounts })</code>), and read the
proxy's evidence on the spec's assumption (<code>#/components/schemas/Amount/x-control-amounts</code>). The local
sandbox takes the same choice (<code>startSandbox({ controlAmounts })</code>, <code>--control-amounts</code>) and refuses
a request signed the other way with a message naming both. An amount with more fraction digits than the currency
has (10.5 JPY) is refused before sending either way; the PHP library would send it and sign <code>1050</code>.</p>`,
  pitfalls: [
    "Retrying a sale after a timeout: the customer is charged twice. Status first, always.",
    "A shorter timeout than the gateway needs: 3-D Secure and acquirer latency can take several seconds; a timeout is not a decline.",
    "Logging raw requests in a proxy, an APM agent or an error tracker: the SDK's logger redacts, but the layers around it do not. Exclude the form fields.",
    "Endpoint ids mixed up between currencies: the gateway refuses, or worse, settles in the wrong currency. Keep them in configuration next to their currency.",
    "The sandbox's base URL left in a config file: production requests go nowhere. Check the base URL at start-up.",
    "JPY or KWD taken live with controlAmounts unsettled: every such sale is refused for its control, or, signed the PHP library's way against a gateway that reads ISO 4217, for the wrong amount. Settle it on the gateway's sandbox first.",
    "Clock drift on the server: OAuth-signed calls (payouts, v4) are refused when the timestamp is more than a few minutes off. Run NTP.",
  ],
};
