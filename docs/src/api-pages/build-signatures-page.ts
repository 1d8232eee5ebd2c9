import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { exampleMerchant } from "../../../packages/types/src/index.ts";
import { guideNav, page } from "../guides/build-guides.ts";
import { escapeHtml } from "../guides/guide.ts";
import { type ControlExample, type OAuthExample, signatureExamples } from "./signature-examples.ts";

// A base string or a signature is one long word: wrapped, so it reads without scrolling sideways.
const pre = (text: string) =>
  `<pre style="white-space: pre-wrap; word-break: break-all"><code>${escapeHtml(text)}</code></pre>`;
const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

function controlSection(example: ControlExample): string {
  const rows = example.terms.map((term) => `<tr><td>${code(term.name)}</td><td>${code(term.value)}</td></tr>`);
  return `<h2 id="${example.id}">${escapeHtml(example.title)}</h2>
<table>
<tr><th>term</th><th>value</th></tr>
${rows.join("\n")}
<tr><td>the control key</td><td>${code(exampleMerchant.controlKey)}</td></tr>
</table>
<p>The string hashed, the terms and the key with nothing between them:</p>
${pre(example.hashed)}
<p>Its SHA-1 in lowercase hex, the <code>control</code>:</p>
${pre(example.control)}`;
}

function oauthSection(example: OAuthExample): string {
  const rows = example.params.map(([name, value]) => `<tr><td>${code(name)}</td><td>${code(value)}</td></tr>`);
  return `<h2 id="${example.id}">${escapeHtml(example.title)}</h2>
<p>${code(`${example.method} ${example.url}`)}, with the body fields below, the example merchant's login as
<code>oauth_consumer_key</code>, the nonce ${code(example.nonce)} and the timestamp ${code(example.timestamp)}
(fixed here; a request draws a new nonce and takes the time).</p>
<table>
<tr><th>body field</th><th>value</th></tr>
${rows.join("\n")}
</table>
<p>The base string: the method, the URL and every parameter (the body's and the <code>oauth_*</code> ones,
each percent-encoded as RFC 3986 says, sorted by name then value, joined with <code>&amp;</code>), each of the three
percent-encoded again and joined with <code>&amp;</code>:</p>
${pre(example.baseString)}
<p>Signed with ${example.key.endsWith("&") ? `the key ${code(example.key)} (the control key, percent-encoded, and <code>&amp;</code>)` : escapeHtml(example.key)}, in base64, the <code>oauth_signature</code>:</p>
${pre(example.signature)}
<p>The header the request carries:</p>
${pre(`Authorization: ${example.authorization}`)}`;
}

/**
 * Writes `api/signatures.html`: one worked example each of `control` (a sale, a status request,
 * a callback), OAuth 1.0a HMAC-SHA1 (a payout) and RSA-SHA256 (a v4 call), every number computed
 * at build time by the signing package from the spec's example merchant, never typed by hand.
 */
export async function buildSignaturesPage(repoRoot: string, outFile: string): Promise<void> {
  const spec = JSON.parse(await readFile(join(repoRoot, "packages/types/openapi.json"), "utf8"));
  const { control, oauth } = await signatureExamples(spec);
  const body = `<h1>Signatures, worked</h1>
<p class="lead">Every signature the API uses, worked once by hand with the reference's example merchant: the
terms, the exact string that is hashed, the result. Check your own code against these numbers.</p>
<p>The example merchant (the spec's <code>x-example-merchant</code>): login ${code(exampleMerchant.login)},
endpoint ${code(String(exampleMerchant.endpointId))}, control key ${code(exampleMerchant.controlKey)} and an RSA
test pair. A sandbox started on 127.0.0.1 with no key options accepts it, so the
<a href="index.html">reference's request samples</a> run against it as printed. Never use these keys anywhere else.
Each operation's terms are in its <code>x-signature</code> in the spec; an <code>amount</code> is signed in
minor units (10.42 USD as 1042).</p>
${control.map(controlSection).join("\n")}
${oauth.map(oauthSection).join("\n")}
<h3>The example merchant's RSA public key</h3>
${pre(exampleMerchant.rsaPublicKeyPem.trimEnd())}
<p>The private key is in the spec's <code>x-example-merchant</code> and in every v4 request sample.</p>`;
  const nav = await guideNav(repoRoot, "../", "signatures");
  await writeFile(outFile, page("Signatures, worked", nav, body));
}
