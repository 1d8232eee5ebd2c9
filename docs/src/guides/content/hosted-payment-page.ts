import type { Guide } from "../guide.ts";

export const hostedPaymentPage: Guide = {
  slug: "hosted-payment-page",
  title: "The hosted payment page",
  summary:
    "sale-form sends the customer to the gateway's own card page; their return to your site is not proof of payment.",
  intro: `<p>With <code>sale-form</code> your server never sees the card: the reply's <code>redirect-url</code> is a page
of the gateway where the customer types it (and passes 3-D Secure when the issuer asks). Afterwards the customer's
browser comes back to your <code>redirect_url</code> with a POST of <code>status</code>, <code>orderid</code>,
<code>merchant_order</code> and <code>control</code>, which <code>parseCustomerReturn</code> verifies.</p>
<p>The return is the browser's word. It tells you which order to look at and what to show the customer while you
check; the status operation (or a verified callback) decides whether you ship.</p>`,
  diagram: {
    title: "The hosted payment page and the customer's return",
    participants: ["Customer's browser", "Your server", "Gateway"],
    messages: [
      { from: "Customer's browser", to: "Your server", text: "checkout" },
      { from: "Your server", to: "Gateway", text: "sale-form (no card fields)" },
      { from: "Gateway", to: "Your server", text: "redirect-url", reply: true },
      { from: "Your server", to: "Customer's browser", text: "303 to redirect-url", reply: true },
      { from: "Customer's browser", to: "Gateway", text: "card details on the hosted page" },
      { from: "Gateway", to: "Customer's browser", text: "auto-submitting return form", reply: true },
      { from: "Customer's browser", to: "Your server", text: "POST redirect_url: status, control" },
      { from: "Your server", to: "Gateway", text: "status (the proof)" },
      { from: "Gateway", to: "Your server", text: "approved", reply: true },
      { from: "Your server", to: "Customer's browser", text: "thank-you page" },
    ],
  },
  codeFile: "examples/guides/hosted-payment-page.ts",
  details: `<p>In the program the customer is played by the sandbox's <code>payHostedPage</code>: it fills in the hosted
page as a customer would (and passes the ACS page of a 3-D Secure card) and resolves to what the browser then posts to
your <code>redirect_url</code>, its URL and fields. A real browser submits that form on its own.</p>`,
  pitfalls: [
    "Shipping on the return. The customer may close the tab before it (so it never comes), reload it (so it comes twice) or replay an old one; only the status operation or a verified callback is proof.",
    "Trusting an unverified return: anyone can POST to your <code>redirect_url</code>. <code>parseCustomerReturn</code> throws when <code>control</code> (SHA-1 of status, orderid, merchant_order and your control key) does not match.",
    'Giving the return page work to do. Show "we are confirming your payment" and let the callback handler or the status poll fulfil the order, so a lost return loses nothing.',
    "A <code>redirect_url</code> on http, or one that needs the customer's session cookie: the return is a cross-site POST, and browsers drop <code>SameSite=Lax</code> cookies on it. Find the order by <code>merchant_order</code> instead.",
    "Reusing a payment page: once submitted, the sandbox's page answers 409. Ask for a new <code>sale-form</code> with a new <code>client_orderid</code> when the customer starts over.",
    'Waiting for ever on an abandoned page: a customer who closes the tab or presses <em>Cancel and return to the shop</em> never pays. On the sandbox the link expires after <code>pageLifetimeMs</code> (30 minutes of sandbox time) and the order ends <code>declined</code> with its callback; a cancel declines it at once and returns the customer to your <code>redirect_url</code>. Release the basket when that callback comes; to test it in a browser, see <a href="testing-checkout-in-a-browser.html">Testing checkout in a browser</a>.',
  ],
};
