import type { Guide } from "../guide.ts";

export const serverlessFunctions: Guide = {
  slug: "serverless-functions",
  title: "Serverless functions",
  summary:
    "Cloudflare Workers, Next.js route handlers, Vercel and other functions with a time limit: answer 202, let the callback settle the order, check once on the customer's return.",
  intro: `<p>A card payment becomes final seconds after the sale, sometimes much later (3-D Secure, an acquirer that
answers late). <code>waitForFinalStatus</code> follows the gateway's documented cadence: its first look comes 3 to 5 s
after the sale, then it keeps looking for up to an hour without a change. A function that waits inside its request pays
for that time: an order the sandbox makes final after 1 s costs about 4.5 s of function time, and a slow one outlives any
request limit. So, in a function:</p>
<ol>
<li><strong>answer 202</strong> once the gateway took the sale, with the order's ids; the page shows "processing";</li>
<li>the <strong>callback settles the order</strong>: your callback function stores the final status (see
<a href="receiving-callbacks.html">Receiving callbacks</a>);</li>
<li>when the customer comes back (<code>redirect_url</code>), make <strong>one status check</strong>, no wait: a
status still <code>processing</code> shows "we'll e-mail you", and the callback finishes the order;</li>
<li>if you want the status sooner than the callback, keep checking <strong>after the answer</strong>, for as long as
the host allows: <code>ctx.waitUntil</code> on Workers, <code>waitUntil</code> of <code>@vercel/functions</code> on
Vercel, with <code>signal: AbortSignal.timeout(ms)</code> set below that limit.</li>
</ol>
<p>A wait stopped by its <code>signal</code> is an answer, not an exception: it returns <code>{ error }</code>, an error
of the <code>GatewayError</code> family with the code <code>ERR_ABORTED</code> (its <code>outcome</code>:
<code>"unknown"</code> when a request had left, <code>"not-applied"</code> when none had). Stopping a wait stops only
the looking: the order goes on at the gateway, and its callback still comes.</p>`,
  diagram: {
    title: "Checkout in a function: 202 at once, the callback settles, one check on the return",
    participants: ["Customer", "Checkout function", "Gateway", "Callback function"],
    messages: [
      { from: "Customer", to: "Checkout function", text: "POST /checkout" },
      { from: "Checkout function", to: "Gateway", text: "sale" },
      { from: "Gateway", to: "Checkout function", text: "async-response: orderid", reply: true },
      { from: "Checkout function", to: "Customer", text: "202 { orderid }", reply: true },
      { from: "Checkout function", to: "Gateway", text: "waitUntil: status checks (until the host's limit)" },
      { from: "Gateway", to: "Callback function", text: "GET ?status=approved&control=…" },
      { from: "Callback function", to: "Gateway", text: "200 OK (order stored: approved)", reply: true },
      { from: "Customer", to: "Checkout function", text: "back at redirect_url" },
      { from: "Checkout function", to: "Gateway", text: "status (once)" },
      { from: "Gateway", to: "Checkout function", text: "approved", reply: true },
    ],
  },
  codeFile: "examples/guides/serverless-functions.ts",
  details: `<h2 id="workers">Cloudflare Workers</h2>
<p>A Worker gets its secrets and bindings in <code>env</code> with each request. <code>process.env</code> exists only
with Node.js compatibility (the <code>nodejs_compat</code> flag, the default from the compatibility date 2026-08-04);
without it a module that reads <code>process.env</code> at load fails with <code>ReferenceError: process is not
defined</code>. Make the gateway and the callback handler inside <code>fetch(request, env, ctx)</code>, which works
either way: both are cheap to make, and keys are imported once per isolate. The packages need no Node.js
compatibility: <code>fetch</code> and Web Crypto only (CI runs these Workers without it). A
Worker's instances share no memory, so the callback handler's <code>seen</code> is a Durable Object (<a
href="receiving-callbacks.html#cloudflare">Receiving callbacks</a> has the claim store). CI builds these two Workers as
<code>wrangler deploy</code> does (esbuild, ES module, conditions <code>workerd</code>, <code>worker</code>,
<code>browser</code>) and runs them in workerd against the sandbox: a sale answered 202, the wait after the answer,
the return's status check, a v4 call signed with RSA-SHA256, and the callback endpoint answering a genuine, a duplicate
and a forged callback. Gzipped, the callback Worker is about 4 KB and the checkout Worker (sale, wait, status, v4
calls) about 24 KB with <code>--minify</code>.</p>
<pre data-file="examples/workers/checkout-worker.ts"></pre>
<pre data-file="examples/workers/callback-worker.ts"></pre>
<p>Type-check Workers with <code>@cloudflare/workers-types</code> in place of the DOM library: the packages'
declarations use only names every runtime has, with <code>skipLibCheck: false</code> too.</p>
<h2 id="longer-waits">Waits longer than the host allows</h2>
<p><code>ctx.waitUntil</code> keeps a Worker up to 30 s after its response. For longer, hand the order to something
that outlives the request: a Durable Object that sets an alarm (<code>ctx.storage.setAlarm</code>) and checks the
status once per alarm on the gateway's cadence (3 to 5 s, then every 5 to 10 s, then less often), or a Queue whose
consumer checks once and sends the message again with a delay while the order is not final. Each run is one status
check, never a wait. Most shops need neither: the callback arrives, and the return page's one check covers a callback
that is late.</p>
<h2 id="nextjs">Next.js route handlers and Vercel</h2>
<p><code>next build</code> imports every route to collect it, in an environment that has no merchant key (and should
not): a handler made when the module loads refuses the empty key, and the build fails with <code>Failed to collect
page data for /payments/callback</code>. Make it at request time, inside <code>GET</code> and <code>POST</code>. CI
builds this app with <code>next build</code> (strict TypeScript, no key) and serves it with <code>next start</code>
against the sandbox's callbacks.</p>
<pre data-file="examples/nextjs/app/payments/callback/route.ts"></pre>
<p>On Vercel a function's duration is capped by its plan; raise it for one route with the segment option
<code>export const maxDuration = 60</code> (seconds), and set the wait's <code>signal</code> below it. A checkout that
answers 202 needs no more than the default.</p>
<h2 id="bun-deno">Bun and Deno</h2>
<p>Long-running servers: the environment is there at start, so the handler can be made once (<a
href="receiving-callbacks.html#frameworks">Receiving callbacks</a>, <code>route.ts</code>), and a wait inside a
request costs only that request's time. The runtime matrix runs the packages and the callback endpoint on
<code>Bun.serve</code>, <code>Deno.serve</code> and <code>node:http</code>.</p>`,
  pitfalls: [
    "Waiting for the final status inside the request: the first status check is 3 to 5 s after the sale, a slow payment outlives the function's limit, and you pay for the time.",
    "Creating the gateway or the callback handler at module scope in a Worker (<code>process is not defined</code>) or a Next.js route (<code>next build</code> fails without the key).",
    "Catching a stopped wait as an exception: it returns <code>{ error }</code> with <code>ERR_ABORTED</code>; the order is not failed, only no longer watched.",
    "Reading a stopped wait as a failed payment: never refund or mark failed on <code>ERR_ABORTED</code>; the callback or the next status check says how it ended.",
    "<code>memoryCallbackSeen()</code> in a function: each instance remembers only its own requests. Use a Durable Object, or your database.",
    "Workers KV for claims: it is eventually consistent, so two instances can both see no claim and both handle the event.",
  ],
};
