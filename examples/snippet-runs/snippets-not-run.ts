// The snippets that call the gateway but are not run by snippets.e2e.test.ts, each with the reason,
// and the few whose point is a refusal.

/** Snippets left out of the run, by module name (see tools/snippets/collect-snippets.ts), with why. */
export const notRun: Readonly<Record<string, string>> = {
  "client-sign-callback":
    "sends a signed callback to the shop's own handler at 127.0.0.1:3000, which a test of the shop starts",
  "example-client-callbacks-sign-callback-2": "sends a signed callback to the shop's own handler at 127.0.0.1:3000",
  "example-client-callbacks-callback-3":
    "an Express route (app.get): a framework mount, run by examples/callback-frameworks",
  "example-client-callbacks-customer-return-1": "reads the customer's return from the incoming request of a web server",
  "sandbox-testing-a-shop": "drives the shop's own server at 127.0.0.1:3000 (its return and callback routes)",
  "sandbox-checking-your-callback-endpoint": "checks the shop's own callback endpoint at 127.0.0.1:3000",
  "example-sandbox-conformance-check-callback-endpoint-4": "checks the shop's own callback endpoint at 127.0.0.1:3000",
  "example-sandbox-server-pages-pay-hosted-page-2":
    "posts the customer's return to the shop's redirect_url (shop.example.com), the shop's own server",
  "example-client-generated-gateway-operations-27":
    "uploadParesResult with the spec's sample PaRes, an ACS's opaque value; the sandbox's ACS issues its own (the 3-D Secure guide runs that flow)",
};

/** Snippets whose gateway call is refused on purpose, with what the refusal shows. */
export const refusalsExpected: Readonly<Record<string, string>> = {};
