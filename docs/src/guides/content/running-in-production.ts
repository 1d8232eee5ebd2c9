import type { Guide } from "../guide.ts";

export const runningInProduction: Guide = {
  slug: "running-in-production",
  title: "Running in production",
  summary:
    "Trace every gateway call, wait and recovery with OpenTelemetry, and alert on unknown outcomes, recoveries, callback failures and latency by operation.",
  intro: `<p>Once live, the questions are: did a payment's reply get lost, did its recovery find it, are callbacks
being handled, and is the gateway slow? <code>createGateway({ ..., telemetry: true })</code> answers them with
OpenTelemetry. It is off by default; with it, the client loads <code>@opentelemetry/api</code> (an optional peer
dependency: <code>pnpm add @opentelemetry/api</code>) and uses the global providers your OpenTelemetry SDK
registered, or the ones you pass as <code>telemetry: { tracerProvider, meterProvider }</code>.</p>
<p><strong>What is traced.</strong> Each named operation (<code>sale</code>, <code>capture</code>, <code>return</code>...) is
a span of kind CLIENT named <code>card-processing sale</code>, with the <code>client_orderid</code>, the gateway's
<code>orderid</code> and status, the outcome, the error's type and the gateway's error code, the HTTP status and the
gateway's address. <code>waitForFinalStatus</code> and <code>recoverOrder</code> are spans of their own, each status
query an event on them; <code>recover</code> is a span that says whether the lost request was applied. The spans
start in your active context, so under the Node SDK they nest under the span of the request that took the payment.
No span, event or metric ever holds a card number beyond its first six and last four digits (one inside a
<code>client_orderid</code> included), a CVV, a <code>control</code> value, a key or a password.</p>
<p><strong>What to alert on.</strong></p>
<ol>
<li><strong>Unknown outcomes</strong> (<code>card_processing.unknown_outcomes</code>, by operation): each is a
request that may have moved money without your knowing. A few a day is the network; a burst is an outage between
you and the gateway. Each one must be followed by a recovery.</li>
<li><strong>Recoveries</strong> (<code>card_processing.recoveries</code>, by <code>card_processing.recovery.applied</code>):
<code>applied="unknown"</code> means the gateway could not be asked, and the order waits in your "sending" state; alert
when any stays unrecovered. Fewer recoveries than unknown outcomes means a code path that does not recover.</li>
<li><strong>Callback failures</strong>: your own counter, from the callback handler's <code>onError</code>. The
gateway delivers a failed callback again, but a handler that keeps failing delays every order.</li>
<li><strong>Latency by operation</strong> (<code>card_processing.operation.duration</code>, seconds, by
<code>card_processing.operation</code> and <code>card_processing.outcome</code>): the p99 of <code>sale</code> close to
your <code>timeoutMs</code> comes before a wave of timeouts, that is, of unknown outcomes.</li>
</ol>`,
  diagram: {
    title: "A lost reply, as the traces show it",
    participants: ["Your server", "Gateway", "Collector"],
    messages: [
      { from: "Your server", to: "Gateway", text: "sale (span: card-processing sale)" },
      { from: "Gateway", to: "Your server", text: "connection reset", reply: true },
      { from: "Your server", to: "Collector", text: "outcome=unknown, error.type=ERR_NETWORK" },
      { from: "Your server", to: "Gateway", text: "status by client_orderid (span: card-processing recover)" },
      { from: "Gateway", to: "Your server", text: "approved", reply: true },
      { from: "Your server", to: "Collector", text: "recovery.applied=true, orderid, status" },
    ],
  },
  codeFile: "examples/guides/running-in-production.ts",
  details: `<h2 id="attributes">Attributes and metrics</h2>
<p>The OpenTelemetry semantic conventions where one applies, the <code>card_processing.*</code> namespace for the rest.</p>
<table>
<thead><tr><th>name</th><th>on</th><th>holds</th></tr></thead>
<tbody>
<tr><td><code>http.request.method</code>, <code>http.response.status_code</code></td><td>operation spans</td><td><code>POST</code> (the report: <code>GET</code>); the reply's HTTP status</td></tr>
<tr><td><code>server.address</code>, <code>server.port</code>, <code>url.full</code></td><td>spans</td><td>the gateway's address, without query, fragment or user info</td></tr>
<tr><td><code>error.type</code></td><td>spans, duration</td><td>the error's <code>code</code>: <code>ERR_NETWORK</code>, <code>ERR_TIMEOUT</code>, <code>ERR_VALIDATION</code>...</td></tr>
<tr><td><code>card_processing.operation</code></td><td>spans, metrics</td><td>the gateway method: <code>sale</code>, <code>waitForFinalStatus</code>, <code>recover</code>...</td></tr>
<tr><td><code>card_processing.endpoint_id</code>, <code>card_processing.client_orderid</code>, <code>card_processing.orderid</code>, <code>card_processing.serial_number</code></td><td>spans</td><td>which order and which reply (quote the serial number to the gateway's support)</td></tr>
<tr><td><code>card_processing.status</code>, <code>card_processing.outcome</code></td><td>spans; outcome on duration</td><td>the gateway's status; the outcome: the final status, <code>processing</code>, <code>ok</code>, <code>unknown</code>, <code>not-applied</code> (a recovery: <code>applied</code>)</td></tr>
<tr><td><code>card_processing.error_code</code></td><td>spans</td><td>the gateway's numeric <code>error-code</code></td></tr>
<tr><td><code>card_processing.poll.attempts</code>, event <code>card_processing.poll</code></td><td>wait spans</td><td>status queries made; one event per query that did not end the wait</td></tr>
<tr><td><code>card_processing.recovery.operation</code>, <code>.applied</code>, <code>.source</code></td><td>recovery spans, recoveries</td><td>what was recovered; <code>true</code>, <code>false</code> or <code>unknown</code>; <code>status</code> or <code>report</code></td></tr>
<tr><td><code>card_processing.operation.duration</code></td><td>histogram, s</td><td>every call, wait and recovery</td></tr>
<tr><td><code>card_processing.unknown_outcomes</code></td><td>counter</td><td>calls whose outcome is unknown</td></tr>
<tr><td><code>card_processing.recoveries</code></td><td>counter</td><td>recoveries, by what they learned</td></tr>
</tbody>
</table>`,
  pitfalls: [
    "Setting <code>telemetry: true</code> without an SDK started: the global providers of <code>@opentelemetry/api</code> are no-ops until one registers them. Start the SDK before creating the gateway.",
    "Bundling the service without <code>@opentelemetry/api</code> installed: install it (or mark it external) when you turn telemetry on; without the option it is never loaded.",
    'Alerting on declines: a decline is the card\'s answer, not a fault (<code>card_processing.outcome="declined"</code>, span status unset). Alert on unknown outcomes instead.',
    "An APM agent that records request bodies around the client: the client's spans hold no card data, but an agent's HTTP instrumentation may capture the form. Turn body capture off for the gateway's host.",
    "Putting <code>client_orderid</code> on a metric: it makes one series per order. The client keeps ids on spans and only the operation, outcome and error type on metrics; do the same with your own.",
  ],
};
