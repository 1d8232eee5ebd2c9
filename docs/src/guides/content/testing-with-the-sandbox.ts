import type { Guide } from "../guide.ts";

export const testingWithTheSandbox: Guide = {
  slug: "testing-with-the-sandbox",
  title: "Testing with the sandbox",
  summary:
    "Test values, the manual clock, events on orders, chaos delivery, the dashboard, and startSandbox/reset in vitest or jest.",
  intro: `<p><code>@card-processing/sandbox</code> is a stateful gateway on 127.0.0.1. Start one per test file with
<code>startSandbox()</code>, point <code>createGateway</code> at <code>sandbox.url</code>, call
<code>sandbox.reset()</code> between tests and <code>sandbox.close()</code> at the end. From the command line:
<code>npx card-processing-sandbox --port 8080 --clock manual</code> (once the packages are on the npm registry; until then <code>node packages/sandbox/dist/cli/main.js</code> from a built clone, or the executable <code>npx pnpm@12.21.0 build:executable</code> writes, with the same flags).</p>
<ul>
<li><strong>Test values.</strong> Any valid card number; the CVV2 decides: <code>123</code> approves, <code>116</code>
declines for insufficient funds, <code>321</code> runs 3-D Secure (password <code>hint</code>), <code>217</code> stays
<code>unknown</code>; the full table is on the <a href="../index.html#sandbox-test-values">home page</a> and exported as
<code>cvv2TestValues</code>.</li>
<li><strong>The clock.</strong> With <code>clock: "manual"</code> nothing that depends on time happens until
<code>sandbox.clock.advance(ms)</code>: processing, settlement, callback retries, the 3-D Secure method window,
recurring charges. No test sleeps.</li>
<li><strong>Events.</strong> <code>sandbox.trigger(orderid, { type: "chargeback", amount })</code> brings what a bank
brings weeks later: <code>chargeback</code>, <code>reversal</code>, <code>fraud</code>, <code>retrieval</code>,
<code>status-change</code>, each with its callback.</li>
<li><strong>Chaos delivery.</strong> <code>callbackChaos: true</code> delivers every callback twice and out of order,
to prove your handler books each event once (see <a href="receiving-callbacks.html">Receiving callbacks</a>).</li>
<li><strong>The dashboard.</strong> A running sandbox shows its orders, callbacks and clock in the browser at
<code>/paynet/_dashboard</code> (for example <code>http://127.0.0.1:8080/paynet/_dashboard</code>); the same data is
JSON under <code>/paynet/_admin/</code>.</li>
</ul>`,
  diagram: {
    title: "A test run against the sandbox",
    participants: ["Test file", "Your code", "Sandbox"],
    messages: [
      { from: "Test file", to: "Sandbox", text: "startSandbox({ clock: manual })" },
      { from: "Test file", to: "Your code", text: "checkout(cvv2 116)" },
      { from: "Your code", to: "Sandbox", text: "sale" },
      { from: "Sandbox", to: "Your code", text: "processing", reply: true },
      { from: "Test file", to: "Sandbox", text: "clock.advance(1000)" },
      { from: "Sandbox", to: "Your code", text: "callback: declined" },
      { from: "Test file", to: "Sandbox", text: "trigger(chargeback)" },
      { from: "Test file", to: "Sandbox", text: "reset() after each test" },
      { from: "Test file", to: "Sandbox", text: "close()" },
    ],
  },
  codeFile: "examples/guides/testing-with-the-sandbox.test.ts",
  details: `<p>This one is a vitest file, run by <code>pnpm test</code>. With jest, import <code>beforeAll</code>,
<code>afterEach</code>, <code>afterAll</code>, <code>describe</code>, <code>it</code> and <code>expect</code> from
<code>@jest/globals</code> instead; the rest is the same.</p>`,
  pitfalls: [
    "Sharing one sandbox across test files that run in parallel: each file should start its own (port 0 picks a free port), or the orders of one file show up in another's.",
    'Forgetting <code>reset()</code>: a <code>client_orderid</code> reused by the next test opens a second order, as the gateway does (or replays the first with <code>duplicateClientOrderId: "replay"</code>), and a status query by that id alone is refused as not unique.',
    "Counting orders to prove a payment was sent once: a resend the sandbox replays would still pass. Count the requests it received, <code>sandbox.requests({ client_orderid })</code>, as the lost-reply guides do.",
    'Sleeping in tests: use <code>clock: "manual"</code> and <code>advance()</code>; with the real clock, <code>timeScale</code> speeds time up for manual exploration.',
    "Polling with the real-time poller on a manual clock: it would never see the order move, so the client refuses it at once with a <code>UsageError</code> (<code>field: \"clock\"</code>). Give <code>waitForFinalStatus</code> the sandbox's time, <code>{ clock: sandboxTime(sandbox) }</code> (exported by <code>@card-processing/sandbox</code>): each wait advances the sandbox's clock instead of sleeping.",
    "Testing only approvals: run each decline value and <code>217</code> (<code>unknown</code>), which your code must not treat as final. After a wait, an outcome still unknown is pending, never refused: tell the customer so and keep watching.",
    "Expecting the sandbox to be the gateway: it follows the documented behaviour; run the same flows on the gateway's own test environment before going live.",
  ],
};
