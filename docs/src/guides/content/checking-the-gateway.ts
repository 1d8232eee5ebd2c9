import type { Guide } from "../guide.ts";

export const checkingTheGateway: Guide = {
  slug: "checking-the-gateway",
  title: "Checking the gateway against the spec",
  summary:
    "A validation proxy between a staging shop and the gateway: every departure of the traffic from the spec is a finding, with the spec file to change.",
  intro: `<p>The spec still holds facts marked <code>x-assumed</code>: things no source available to the project
states, which only the real gateway can settle. The <strong>validation proxy</strong> settles them from your own
staging traffic. Start it in front of the gateway and give your staging shop the proxy's address as its gateway base
URL; nothing else changes:</p>
<p><code>npx card-processing-sandbox proxy --upstream https://sandbox.gateway.example/paynet --control-key "$CONTROL_KEY" --public-key merchant-public.pem --report findings.jsonl</code></p>
<p>(<code>npx card-processing-sandbox</code> once the packages are on the npm registry; until then <code>node packages/sandbox/dist/cli/main.js</code> from a built clone, or the executable <code>npx pnpm@12.21.0 build:executable</code> writes, with the same flags.)</p>
<p>It forwards every request under <code>/paynet/</code> to the same path under <code>--upstream</code> (the
transactions report to the sibling <code>/paynet-ui/</code> path) and answers with the gateway's reply unchanged:
status, content type and body, byte for byte; an unreachable gateway is a <code>502</code> with a plain text body.
After each reply it checks the exchange: the request against the operation's request schema (and, with the keys, its
signature recomputed by the spec's terms); the reply against the operation's replies (status, content type,
<code>type</code>, required keys, types, enums, and keys the spec does not name).</p>
<p>It answers only a <code>Host</code> that names it (loopback, the interface it listens on, this machine's
addresses, or a name given with <code>--allow-host NAME</code>), so a page elsewhere cannot reach it through DNS
rebinding. It never forwards a path with a segment beginning with <code>_</code>, however spelled (a sandbox's
<code>/paynet/_admin</code> and <code>/paynet/_dashboard</code>, its own <code>/paynet/_proxy</code>), nor the
browser's <code>Cookie</code> header; <code>Authorization</code> (OAuth) goes through.</p>`,
  diagram: {
    title: "The proxy between a staging shop and the gateway",
    participants: ["Staging shop", "Validation proxy", "Gateway"],
    messages: [
      { from: "Staging shop", to: "Validation proxy", text: "sale (as to the gateway)" },
      { from: "Validation proxy", to: "Gateway", text: "the same request" },
      { from: "Gateway", to: "Validation proxy", text: "reply", reply: true },
      { from: "Validation proxy", to: "Staging shop", text: "the same reply, unchanged", reply: true },
      { from: "Validation proxy", to: "Validation proxy", text: "check both against the spec: findings" },
    ],
  },
  codeFile: "examples/guides/checking-the-gateway.ts",
  details: `<h2 id="reading">Reading the findings</h2>
<p>Each finding is one JSON object a line of <code>--report</code>, listed at <code>GET /paynet/_proxy/findings</code>
and on the page <code>/paynet/_proxy</code> (listening beyond loopback, both ask for the admin token the proxy prints,
or the one given with <code>--admin-token</code>); when the proxy stops (SIGTERM) it prints them counted by operation and
rule. A finding has <code>at</code>, <code>operation</code>, <code>direction</code> (<code>request</code> or
<code>reply</code>), <code>rule</code>, <code>field</code>, and a <code>message</code> saying what the spec says, what
was seen, and the spec file to change. Rules: <code>status</code>, <code>content-type</code>, <code>body-format</code>
(an HTML error page instead of a reply), <code>reply-type</code>, <code>required-key</code>, <code>key-type</code>,
<code>enum</code>, <code>key-format</code>, <code>unknown-key</code>, <code>request-field</code>,
<code>request-signature</code>, <code>request-body</code>, <code>method</code>, <code>unknown-operation</code>. Traffic
that settles an <code>x-assumed</code> node is reported too: <code>assumption-contradicted</code> (a departure) or
<code>assumption-confirmed</code> (<code>kind: "evidence"</code>, once per operation and assumption).</p>
<h2 id="spec-change">Turning a finding into a spec change</h2>
<ol>
<li>Read the finding: <code>unknown-key acquirer-code … Spec file: spec/components/schemas/AsyncResponse.yaml</code>.</li>
<li>Edit that file: add the key (with the description saying the gateway sends it), or, for
<code>assumption-confirmed</code>, drop <code>x-assumed</code> at the pointer the finding names and say in the
description which traffic settled it.</li>
<li><code>pnpm generate</code>, then <code>pnpm api:diff</code>: it lists the change by operation and field and says
whether it is breaking (a new reply key is additive); <code>pnpm api:diff --changeset</code> writes the changeset.</li>
<li>With <code>--record DIR</code> the proxy wrote a redacted transcript of each exchange (<code>000042-sale.json</code>):
attach the one behind the finding to the pull request.</li>
</ol>
<p>Nothing secret is kept: card numbers are cut to their first six and last four digits, and CVV, control values,
keys and passwords never reach the report, the log, the page or the transcripts. Without <code>--record</code>
nothing of the traffic is kept but the findings.</p>`,
  pitfalls: [
    "OAuth-signed operations (v2 payout, v4) sign the address the shop calls, which is now the proxy's: a gateway that verifies over its own address refuses them. Check them with --preserve-host against a gateway that verifies by Host, or send those calls to the gateway directly.",
    "A shop that reaches the proxy by a name (a container's host.docker.internal, a compose service name): the proxy answers 403 to a Host it does not know. Start it with --allow-host NAME for each such name.",
    "A production shop behind the proxy: it is for staging traffic. It adds little (about half a millisecond on loopback) but it is one more hop to keep running.",
    "Findings without keys: signatures are only checked with --control-key or --public-key; without them a bad signature shows only as the gateway's refusal.",
    "Reading assumption-confirmed from one request as settled: confirm it on several operations and outcomes before dropping x-assumed.",
  ],
};
