import type { Guide } from "../guide.ts";

export const threeDSecure: Guide = {
  slug: "three-d-secure",
  title: "3-D Secure 2 and 1.0.2",
  summary: "The method step, the challenge and the CRes upload of 3-D Secure 2; the PaRes upload of 3-D Secure 1.0.2.",
  intro: `<p>When the issuer wants the cardholder to authenticate, the sale stays <code>processing</code> and the status
reply carries what the browser must do next: <code>html</code> to show, or a <code>redirect-url</code>.
<code>nextStep(reply)</code> turns a reply into one of <code>redirect</code>, <code>show-html</code>,
<code>poll</code> or <code>done</code>.</p>
<p><strong>3-D Secure 2</strong> has two browser steps. The <em>method step</em>: the issuer's method URL loads in a
hidden iframe to fingerprint the browser; report how it went with <code>upload-method-url-result</code>
(<code>threeDSCompInd</code> <code>Y</code>, <code>N</code> or <code>U</code>); after ten seconds without it the
gateway goes on as <code>N</code>. Then, if the issuer asks, the <em>challenge</em>: the customer answers the issuer's
ACS page, which posts a <code>CRes</code> back through your site; upload it with <code>upload-cres-result</code>.
<strong>3-D Secure 1.0.2</strong> has one: the ACS posts a <code>PaRes</code>, uploaded with
<code>upload-pares-result</code>. Either way the payment then goes on, and its status reports
<code>three-ds-result</code> (<code>AUTHENTICATED</code>, <code>NOT_AUTHENTICATED</code>, <code>UNSUPPORTED</code> or
<code>UNKNOWN</code>).</p>`,
  diagram: {
    title: "3-D Secure 2: method step, challenge, CRes upload",
    participants: ["Browser", "Your server", "Gateway", "Issuer ACS"],
    messages: [
      { from: "Your server", to: "Gateway", text: "sale" },
      { from: "Gateway", to: "Your server", text: "processing", reply: true },
      { from: "Your server", to: "Gateway", text: "status" },
      { from: "Gateway", to: "Your server", text: "html / redirect-url", reply: true },
      { from: "Browser", to: "Issuer ACS", text: "method URL (hidden iframe)" },
      { from: "Your server", to: "Gateway", text: "upload-method-url-result" },
      { from: "Browser", to: "Issuer ACS", text: "challenge (password, app)" },
      { from: "Issuer ACS", to: "Browser", text: "CRes", reply: true },
      { from: "Browser", to: "Your server", text: "POST CRes" },
      { from: "Your server", to: "Gateway", text: "upload-cres-result" },
      { from: "Gateway", to: "Your server", text: "callback / status: approved", reply: true },
    ],
  },
  codeFile: "examples/guides/three-d-secure.ts",
  details: `<p>On the sandbox the card <code>4000000000003220</code> runs the 3-D Secure 2 challenge and
<code>4000000000003063</code> runs 3-D Secure 1.0.2; any card with CVV2 <code>321</code> shows the sandbox's ACS page,
where the password <code>hint</code> authenticates. The sandbox's CRes and PaRes are base64 of JSON such as
<code>{"transStatus":"Y"}</code>; the issuer's are opaque: upload them exactly as they came.</p>`,
  pitfalls: [
    "Treating <code>processing</code> with <code>html</code> as an error, or polling without ever showing the page: the order waits for the customer until the gateway gives up on it.",
    "Changing the CRes or PaRes (trimming, decoding, re-encoding). Upload the value the ACS posted, byte for byte.",
    "Uploading to the wrong flow: a CRes to a 3-D Secure 1.0.2 order, a PaRes to a 3-D Secure 2 one, or any upload after authentication is refused.",
    "Forgetting the method step: the gateway waits ten seconds for it before going on as <code>N</code>, which can send more customers to a challenge.",
    "Reading the customer's return from the ACS as the outcome. As with the hosted page, confirm with the status operation or a verified callback; a failed challenge ends <code>declined</code>.",
  ],
};
