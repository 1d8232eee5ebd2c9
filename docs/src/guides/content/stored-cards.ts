import type { Guide } from "../guide.ts";

export const storedCards: Guide = {
  slug: "stored-cards",
  title: "Stored cards and recurring payments",
  summary:
    "Card references from an approved payment or account verification, card info, rebills charged to a reference, a card that has since expired, and v4 recurring payments.",
  intro: `<p>To charge a returning customer without asking for the card again, turn an approved payment into a
<strong>card reference</strong> with <code>create-card-ref</code> (v2, signed with <code>control</code>) or
<code>create-card-ref</code> v4 (RSA-SHA256). An approved <strong>account verification</strong> counts as that payment: it
checks the card without moving money, which is how a card you only pay out to (a seller's) gets a reference (see
<a href="payouts.html">Payouts</a>). Store its <code>card-ref-id</code> with the customer.
<code>get-card-info</code> gives what you may show: BIN, last four digits, brand, name and expiry.
<code>make-rebill</code> charges the reference: a new order with its own <code>client_orderid</code> and no card data.</p>
<p>When the gateway should charge on a schedule itself, create a <strong>recurring payment</strong>
(<code>create-recurring-payment</code>, v4): an amount every <code>interval</code> <code>period</code>s. Each charge is a
sale of its own, with its own order id and callback to the subscription's <code>server-callback-url</code>.</p>`,
  diagram: {
    title: "Card reference, card info and a rebill",
    participants: ["Customer", "Your server", "Gateway"],
    messages: [
      { from: "Customer", to: "Your server", text: "first purchase, card typed" },
      { from: "Your server", to: "Gateway", text: "sale" },
      { from: "Gateway", to: "Your server", text: "approved", reply: true },
      { from: "Your server", to: "Gateway", text: "create-card-ref" },
      { from: "Gateway", to: "Your server", text: "card-ref-id (store it)", reply: true },
      { from: "Your server", to: "Gateway", text: "get-card-info" },
      { from: "Gateway", to: "Your server", text: "VISA 411111…1111, its expiry", reply: true },
      { from: "Customer", to: "Your server", text: '"buy again"' },
      { from: "Your server", to: "Gateway", text: "make-rebill (cardrefid)" },
      { from: "Gateway", to: "Your server", text: "approved", reply: true },
    ],
  },
  codeFile: "examples/guides/stored-cards.ts",
  details: `<p>The recurring charges run on the sandbox clock: advancing two months of sandbox time makes the second monthly
charge (<code>client_orderid</code> of the subscription with <code>-2</code>) happen at once. The sandbox lists
subscriptions and their charges at <code>GET /paynet/_admin/recurring-payments</code>.</p>`,
  pitfalls: [
    "Creating a reference from an order that is not approved yet: wait for its final status first.",
    "Charging a reference without the customer's consent for that use (one-click, subscription, unscheduled): card scheme rules require it; store when and how it was given.",
    "Reusing a <code>client_orderid</code> for a rebill: every charge is a new order and needs a new one; the same id with other fields is refused.",
    "Expired cards: the issuer declines a rebill on a card that has expired since it was stored; show the expiry from <code>get-card-info</code> and ask for a new card in time. The sandbox, like the documented gateway's, decides by CVV2 and never by the expiry date (a card expiring 01/2020 verified with CVV2 123 is approved): rehearse an expired card with CVV2 <code>101</code> when it is typed, and a stored card that has expired since with <code>4000000000101016</code> (verified with CVV2 123, its rebills decline: Expired card), as step 5 of the program does.",
    'Storing the card number "just in case": the reference is the stored card. Keeping numbers makes your whole system PCI DSS scope.',
    'Recurring payments are v4 and need the RSA private key: configure <code>privateKey</code> (see <a href="keys-and-signatures.html">Keys and signatures</a>).',
  ],
};
