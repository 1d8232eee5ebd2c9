import type { Guide } from "../guide.ts";

export const testingCheckoutInABrowser: Guide = {
  slug: "testing-checkout-in-a-browser",
  title: "Testing checkout in a browser",
  summary:
    "A Playwright suite that pays on the sandbox's hosted payment and ACS pages as a customer does: test cards, 3-D Secure, closed tabs, double submits, a chargeback on the test clock.",
  intro: `<p><code>sandbox.payHostedPage</code> plays the customer without a browser, which is what most shop tests
need. To test what the customer sees (your basket, the redirect, the return page, the "still processing" page),
drive the sandbox's pages in a real browser. The suite below uses <code>@playwright/test</code> with Debian's
Chromium (<code>apt-get install chromium</code>; the config sets <code>launchOptions.executablePath</code>, nothing is
downloaded) and the small shop of <code>examples/08-tested-shop</code>.</p>
<p><strong>Selectors.</strong> Find everything by label and role, the words the customer reads; the pages keep
them stable:</p>
<table>
<thead><tr><th>page</th><th>labels</th><th>buttons</th></tr></thead>
<tbody>
<tr><td>payment page (heading <em>Pay by card</em>)</td><td>Card number, Name on card, Expiry month (MM), Expiry year (YYYY or YY), Security code</td><td>Pay, Cancel and return to the shop</td></tr>
<tr><td>payout page (<em>Payout: recipient details</em>)</td><td>Recipient card number, Recipient name</td><td>Send payout</td></tr>
<tr><td>ACS page (<em>3-D Secure … authentication</em>)</td><td>Password (CVV2 321: <code>hint</code> passes), or One-time code</td><td>Authenticate, Fail authentication</td></tr>
<tr><td>end pages: <em>This page was already submitted</em>, <em>This payment was cancelled</em>, <em>This payment page has expired</em>, <em>This authentication is already finished</em></td><td></td><td>Back to the shop</td></tr>
</tbody>
</table>
<p>A refused field comes back as an <code>alert</code> next to the field, which is marked <code>aria-invalid</code>
and focused; the name and expiry are kept, the card number and security code never.</p>`,
  diagram: {
    title: "One browser test of a checkout",
    participants: ["Playwright", "Browser", "Your shop", "Sandbox"],
    messages: [
      { from: "Playwright", to: "Sandbox", text: "global setup: startSandbox()" },
      { from: "Playwright", to: "Browser", text: "goto basket, click Checkout" },
      { from: "Browser", to: "Your shop", text: "POST /checkout" },
      { from: "Your shop", to: "Sandbox", text: "sale-form" },
      { from: "Your shop", to: "Browser", text: "303 to the payment page", reply: true },
      { from: "Playwright", to: "Browser", text: "fill by label, click Pay" },
      { from: "Browser", to: "Sandbox", text: "card fields" },
      { from: "Sandbox", to: "Browser", text: "return form (after the outcome)", reply: true },
      { from: "Browser", to: "Your shop", text: "POST redirect_url" },
      { from: "Your shop", to: "Sandbox", text: "status (the proof)" },
      { from: "Playwright", to: "Browser", text: "expect heading Thank you" },
    ],
  },
  codeFile: "examples/guides/checkout-in-a-browser/checkout.spec.ts",
  details: `<p><strong>Each test card, as the customer sees it</strong> (the CVV2 decides; any valid card number):</p>
<table>
<thead><tr><th>CVV2</th><th>the order</th><th>the customer sees (this shop)</th></tr></thead>
<tbody>
<tr><td>123</td><td>approved</td><td>Thank you</td></tr>
<tr><td>116, 101, 119, 209</td><td>declined (insufficient funds, expired card, not permitted, stolen)</td><td>Payment failed</td></tr>
<tr><td>217</td><td>unknown</td><td>Still processing: never tell this customer the payment failed</td></tr>
<tr><td>321</td><td>the ACS page first; <code>hint</code> then approved, <em>Fail authentication</em> declined</td><td>Thank you, or Payment failed</td></tr>
</tbody>
</table>
<p><strong>One sandbox, parallel workers.</strong> Playwright runs the global setup in its own process and the tests
in worker processes, which cannot reach the <code>Sandbox</code> object. Start the sandbox (and the shop) there, hand
their addresses to the workers in environment variables, and let a test ask the sandbox through its admin routes,
as the double-submit test does with <code>GET /paynet/_admin/requests</code>. Each test makes its own order, so two
workers never see each other's.</p>
<pre data-file="examples/guides/checkout-in-a-browser/global-setup.ts"></pre>
<pre data-file="examples/guides/checkout-in-a-browser/playwright.config.ts"></pre>
<p><strong>The test clock.</strong> A shared sandbox runs the real clock: its pages wait for the outcome before the
customer goes back, as the gateway's do. A test that moves time starts a sandbox of its own with
<code>clock: "manual"</code> in its worker. Then the return comes <em>before</em> the outcome, with
<code>status=processing</code>, and the shop shows its "still processing" page: that is the page to test there. The
outcome, the callbacks, a chargeback 20 days later and the 30-minute lifetime of a payment link
(<code>pageLifetimeMs</code>) all wait for <code>clock.advance()</code>.</p>
<p>The shop the suite drives, with its basket page:</p>
<pre data-file="examples/08-tested-shop/shop.ts"></pre>
<p>CI runs the suite from <code>pnpm test</code> through a vitest file that runs <code>playwright test</code> and fails
when any test fails:</p>
<pre data-file="examples/guides/checkout-in-a-browser/checkout.test.ts"></pre>`,
  pitfalls: [
    "Running <code>npx playwright install</code> in CI: it downloads a browser build. Point <code>launchOptions.executablePath</code> at the system's Chromium (<code>/usr/bin/chromium</code> on Debian) and install it with the system's package manager.",
    "Selecting by id or CSS class. Find fields by label and buttons by role: a test then fails when the customer could not find the field either.",
    "Starting the sandbox in a test file's <code>beforeAll</code> while several workers run that file: each worker starts its own, which is fine, but one started in global setup is reached only through <code>SANDBOX_URL</code> and its admin routes.",
    "Advancing a shared sandbox's manual clock from one worker: it moves every other worker's orders too. Give each clock-moving test (or file) a sandbox of its own.",
    'Expecting the final status on the return page with a manual clock: the customer comes back while the payment is still <code>processing</code>. Test the shop\'s "still processing" page there, and the final state after <code>clock.advance()</code>.',
    "Treating a closed tab as a failed payment: the link still takes the payment until it expires (30 minutes of sandbox time by default), and only then does the order end declined, with its callback.",
    "Counting orders to prove a double submit charged once: count the page submissions the sandbox received (<code>/paynet/_admin/requests</code>), and the order's outcome.",
    "Retrying flaky browser tests: a retry hides a checkout that fails one time in ten. Keep <code>retries: 0</code> and find the race.",
  ],
};
