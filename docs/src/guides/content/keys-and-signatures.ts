import type { Guide } from "../guide.ts";
import { controlTermsTable } from "./control-terms-table.ts";

export const keysAndSignatures: Guide = {
  slug: "keys-and-signatures",
  title: "Keys and signatures",
  summary:
    'Generate the RSA pair (PKCS#8 or PKCS#1), the control terms of each operation from the spec, and debugging "control does not match".',
  intro: `<p>Every request is signed, in one of three ways the spec names per operation
(<code>x-signature</code>): <code>control</code>, a SHA-1 digest of some of the request's fields followed by your
<strong>control key</strong>; OAuth 1.0a HMAC-SHA1, keyed with the same control key; or OAuth 1.0a RSA-SHA256 with
your <strong>RSA private key</strong> (the v4 operations). The SDK signs for you; this page is for setting the keys up
and for the day a signature is refused.</p>
<p><strong>The RSA pair.</strong> Generate it yourself (2048 bits or more), keep the private key in your secret store,
and give the gateway only the public key. <code>privateKey</code> takes PEM as PKCS#8
(<code>BEGIN PRIVATE KEY</code>, what <code>openssl genpkey</code> writes) or PKCS#1
(<code>BEGIN RSA PRIVATE KEY</code>, what older tools write); encrypted keys are refused: decrypt them when you load
them.</p>`,
  diagram: {
    title: "How a request is signed and checked",
    participants: ["Your server", "SDK", "Gateway"],
    messages: [
      { from: "Your server", to: "SDK", text: "gateway.sale(fields)" },
      { from: "SDK", to: "SDK", text: "terms from the spec" },
      { from: "SDK", to: "SDK", text: "SHA-1(terms + control key)" },
      { from: "SDK", to: "Gateway", text: "POST form + control" },
      { from: "Gateway", to: "Gateway", text: "same digest, compare" },
      { from: "Gateway", to: "SDK", text: "400 control does not match", reply: true },
      { from: "SDK", to: "Your server", text: "ValidationError (no values)", reply: true },
    ],
  },
  codeFile: "examples/guides/keys-and-signatures.ts",
  details: `<h2 id="control-terms">The control terms per operation</h2>
<p>Generated from the spec's operation table at build time. <code>amount</code> is signed in minor units
(<code>10.42</code> → <code>1042</code>, never by floating-point multiplication); <code>endpointId</code> is the
endpoint of the path; a capture or return without an amount signs <code>amount</code> and <code>currency</code> as
empty strings. A rule marked <em>assumed</em> is one neither the API description nor the documented gateway
states: test it on the gateway's own test environment.</p>
${controlTermsTable()}
<h2 id="debugging">Debugging "control does not match"</h2>
<ol>
<li>Compare keys first: the sandbox, the gateway's test environment and production each have their own control key and endpoint ids. Check the key has no stray space or line break (from an environment file).</li>
<li>The refusal names the terms (<code>expected SHA-1 of endpointId + client_orderid + amount + email + merchant control key</code>); compute the digest by hand as the program above does and compare, printing the term values, never the key.</li>
<li>Check the values you sign are the values you send: an <code>email</code> you lower-case after signing, an amount formatted <code>10.4</code> against <code>10.40</code> in another currency exponent.</li>
<li>For OAuth: the base string covers the method, the URL and every form field; a proxy that rewrites the URL (http → https, a port) breaks it. A timestamp too far off (the sandbox allows five minutes) and a reused nonce are refused.</li>
</ol>`,
  pitfalls: [
    "Committing a key. Control keys and private keys belong in a secret store; the SDK never prints them in errors or logs.",
    'Using the sandbox\'s control key in production (or the other way round): every request is refused with "control does not match".',
    "An RSA key shorter than 2048 bits, or a passphrase-protected PEM: refused before sending, naming the <code>privateKey</code> field.",
    "Computing the minor units with floating point: <code>19.99 * 100</code> is <code>1998.9999999999998</code>. Use <code>toMinorUnits</code>.",
    "Signing a JPY or KWD amount: the SDK signs ISO 4217 minor units, while the official PHP library multiplies by 100. Test those currencies on the gateway's sandbox before going live.",
  ],
};
