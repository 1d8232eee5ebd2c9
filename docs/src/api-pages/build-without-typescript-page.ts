import { writeFile } from "node:fs/promises";
import { codeToHtml } from "shiki";
import { exampleMerchant } from "../../../packages/types/src/index.ts";
import { callbackReceivers } from "../../../tools/samples/callback-receivers.ts";
import { allCodeSamples, type CodeSample } from "../../../tools/samples/code-samples.ts";
import { guideNav, page } from "../guides/build-guides.ts";
import { escapeHtml } from "../guides/guide.ts";

const shikiLang: Record<CodeSample["lang"], string> = {
  Shell: "bash",
  Python: "python",
  PHP: "php",
  TypeScript: "ts",
};

/** A generated sample, highlighted: the text the samples test runs, character for character. */
async function sampleBlock(sample: CodeSample, file: string): Promise<string> {
  const html = await codeToHtml(sample.source, { lang: shikiLang[sample.lang], theme: "github-light" });
  return `<h3>${escapeHtml(sample.label)} <small><code>${escapeHtml(file)}</code></small></h3>\n${html}`;
}

/** The curl, Python and PHP samples of one operation, as the reference shows them. */
async function operationSamples(operationId: string, stem: string): Promise<string> {
  const found = allCodeSamples().get(operationId);
  if (found === undefined) throw new Error(`no samples for ${operationId}`);
  const shown = found.samples.filter((sample) => sample.lang !== "TypeScript");
  const blocks = await Promise.all(
    shown.map((sample) => sampleBlock(sample, `${stem}.${sample.file.split(".").pop() ?? ""}`)),
  );
  return blocks.join("\n");
}

const shell = (text: string) => `<pre><code>${escapeHtml(text)}</code></pre>`;

/**
 * Writes `api/without-typescript.html`: from the sandbox to a signed sale, a callback endpoint
 * checked by `check-callbacks`, and a v4 call, in curl, Python and PHP. Its code blocks are the
 * reference's generated samples and callback endpoints, the ones tools/samples/ tests run.
 */
export async function buildWithoutTypeScriptPage(repoRoot: string, outFile: string): Promise<void> {
  const receivers = await Promise.all(callbackReceivers().map((sample) => sampleBlock(sample, sample.file)));
  const body = `<h1>Using the API without TypeScript</h1>
<p class="lead">The gateway's API is plain HTTP: form fields in, JSON out, each request signed. From a sandbox on
your machine to a signed sale, a callback endpoint and a v4 call, in curl, Python and PHP. Every program on this
page is one of the <a href="index.html">API reference's request samples</a>, run against the sandbox in CI.</p>

<h2 id="sandbox">1. Start the sandbox</h2>
<p>The sandbox is one executable file for Linux x64 that needs nothing else on the machine: no Node, no
<code>node_modules</code>. Until a release attaches it, build it once from a clone of the repository, on any
machine with Node 20 or later and npm, then copy the file wherever you need it:</p>
${shell(`npx pnpm@12.21.0 install && npx pnpm@12.21.0 build:executable   # writes artifacts/card-processing-sandbox-linux-x64
./artifacts/card-processing-sandbox-linux-x64 --port 8080`)}
<p>From the same clone, <code>npx pnpm@12.21.0 build</code> then <code>node packages/sandbox/dist/cli/main.js</code>
starts the same sandbox with Node.</p>
<p>Started on 127.0.0.1 (port 8080) with no key options, the sandbox accepts the reference's example merchant:
login <code>${escapeHtml(exampleMerchant.login)}</code>, endpoint <code>${exampleMerchant.endpointId}</code>,
control key <code>${escapeHtml(exampleMerchant.controlKey)}</code> and its RSA test pair. The samples carry these
keys, so they run as printed. A sandbox listening beyond loopback (<code>--host 0.0.0.0</code>) makes keys of its own
and prints them. Each sample reads the sandbox's address from <code>GATEWAY_URL</code>
(default <code>http://127.0.0.1:8080/paynet</code>).</p>

<h2 id="sale">2. A signed sale</h2>
<p>The <code>control</code> is the SHA-1 of the operation's terms (its <code>x-signature</code> in the spec) and the
control key; <a href="signatures.html">Signatures, worked</a> shows each step with numbers. The reply's
<code>paynet-order-id</code> names the order in every later request. Save a sample under the name it shows
and run it: <code>bash sale.sh</code>, <code>python3 sale.py</code> or <code>php sale.php</code> (PHP with its curl
extension: <code>apt-get install php-cli php-curl</code> on Debian).</p>
${await operationSamples("sale", "sale")}

<h2 id="callbacks">3. Callbacks</h2>
<p>When the order is final, the gateway calls the sale's <code>server_callback_url</code> with a GET, the fields in its query string,
signed with a <code>control</code> of its own. An endpoint checks it before it believes anything:</p>
${receivers.join("\n")}
<p>The sandbox checks an endpoint for you: genuine, repeated, forged, unsigned, tampered and out-of-order
callbacks. Start the endpoint, then:</p>
${shell(`./artifacts/card-processing-sandbox-linux-x64 check-callbacks --url http://127.0.0.1:8000/callback --control-key ${exampleMerchant.controlKey}`)}
<p>Every case must say <code>pass</code>; the command exits 0 only then.</p>

<h2 id="v4">4. A v4 call, signed with RSA-SHA256</h2>
<p>The v4 operations are signed with OAuth 1.0a RSA-SHA256: a base string of the method, the URL and every
parameter, signed with the merchant's RSA private key, in an <code>Authorization</code> header. This one asks the
status of the sale: give it the sale's <code>paynet-order-id</code>, as in <code>ORDERID=1000001 bash status-v4.sh</code>.
Python has no RSA in its standard library, so its sample calls the <code>openssl</code> command.</p>
${await operationSamples("statusV4", "status-v4")}

<h2 id="php-library">The vendor's PHP library</h2>
<p>A PHP shop that already uses the gateway vendor's library
(<code>payneteasy/php-library-payneteasy-api</code>) points it at the sandbox with its <code>QueryConfig</code>:
<code>gateway_url_sandbox</code> <code>http://127.0.0.1:8080/paynet/api/v2</code>, <code>login</code>
<code>${escapeHtml(exampleMerchant.login)}</code>, <code>signing_key</code> the control key,
<code>end_point</code> ${exampleMerchant.endpointId}. The repository runs the library, unmodified, against the sandbox
in CI (<code>examples/php-library/</code>: sale, payment form, preauth and capture, return, status, callbacks). The
library signs an amount of a currency without two decimals (JPY, KWD) in hundredths: start the sandbox with
<code>--control-amounts hundredths</code> for those.</p>

<h2 id="more">Every other operation</h2>
<p>The <a href="index.html">API reference</a> shows every operation's request in curl, Python, PHP and TypeScript
beside its reply. An operation that acts on something that exists already (a capture, a return, a stored card, a
recurring payment) reads its id from an environment variable named in the sample's first lines.</p>`;
  const nav = await guideNav(repoRoot, "../", "without-typescript");
  await writeFile(outFile, page("Using the API without TypeScript", nav, body));
}
