// Serverless functions: where each request has a time limit (a Cloudflare Worker, a Vercel or
// Netlify function, a Lambda), the function does not wait for the final status. Checkout answers
// 202 once the gateway took the sale, the callback settles the order, the customer's return makes
// one status check, and a wait after the answer (ctx.waitUntil) stops when the host's time runs out:
// it then returns { error } with the code ERR_ABORTED, and the order goes on at the gateway.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, type GatewayBody, type TransactionRef } from "@card-processing/client";
import { createCallbackHandler, toNodeListener } from "@card-processing/client/callback-handler";
import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";

// Orders become final 1 s after the sale, as on the sandbox CLI; the status poller's first look is
// 3 to 5 s after the sale, the cadence the gateway documents.
const sandbox = await startSandbox({ latencyMs: 1_000 });
const gateway = createGateway({
  baseUrl: sandbox.url, // in a function: from its environment (a Worker's `env`, process.env elsewhere)
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
});

// Your database.
const orders = new Map<string, { status: string; final: boolean }>();

// What the host gives a function for work after its answer: ctx.waitUntil on Workers, waitUntil
// of @vercel/functions on Vercel. Here a list this program awaits at the end.
const afterAnswer: Array<Promise<unknown>> = [];
const waitUntil = (work: Promise<unknown>) => void afterAnswer.push(work);
const waits = new Map<string, { ms: number; outcome: string }>();

// 1. The callback function settles the order (a Worker: examples/workers/callback-worker.ts).
const callbacks = createCallbackHandler({
  controlKey: sandbox.controlKey,
  onCallback: (callback) => {
    const current = orders.get(callback.client_orderid);
    if (current?.final && !callback.final) return;
    orders.set(callback.client_orderid, { status: callback.status, final: callback.final });
  },
});
const listener = toNodeListener(callbacks);
const server = createServer((request, response) => void listener(request, response));
server.listen(0, "127.0.0.1");
await once(server, "listening");
const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;

// 2. The checkout function: the sale, then 202 at once. After the answer it keeps checking for as
//    long as the host lets it (`secondsLeft`); a wait that stops leaves the order to its callback.
async function checkout(request: Request, secondsLeft: number): Promise<Response> {
  const body = (await request.json()) as GatewayBody<"sale">;
  const sale = await gateway.sale({ ...body, server_callback_url: callbackUrl });
  if (sale.error) return Response.json({ error: sale.error.code, outcome: sale.error.outcome }, { status: 502 });
  const order = { client_orderid: body.client_orderid, orderid: sale.data["paynet-order-id"] };
  orders.set(order.client_orderid, { status: "processing", final: false });
  waitUntil(settle(order, secondsLeft));
  return Response.json(order, { status: 202 });
}

async function settle(order: TransactionRef, secondsLeft: number): Promise<void> {
  const started = performance.now();
  const final = await gateway.waitForFinalStatus(order, { signal: AbortSignal.timeout(secondsLeft * 1000) });
  // A stopped wait is an answer, not an exception: { error } with the code ERR_ABORTED.
  const code: string | undefined = final.error?.code;
  waits.set(order.client_orderid, {
    ms: performance.now() - started,
    outcome: final.error ? `${code}` : final.data.status,
  });
  if (final.data) orders.set(order.client_orderid, { status: final.data.status, final: true });
}

// 3. The return function: the customer is back; one status check, no waiting.
async function customerReturn(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const status = await gateway.status({
    client_orderid: query.get("client_orderid") ?? "",
    orderid: query.get("orderid") ?? "",
  });
  if (status.error) return Response.json({ error: status.error.code }, { status: 502 });
  // "processing": show "we'll e-mail you" and let the callback finish it.
  return Response.json({ status: status.data.status });
}

try {
  // A checkout with 25 s left after its answer (a Worker's waitUntil allows 30 s).
  const first = `sls-${Date.now().toString(36)}`;
  let started = performance.now();
  const placed = await checkout(request("/checkout", saleBody(first)), 25);
  const answeredMs = performance.now() - started;
  const order = (await placed.json()) as { client_orderid: string; orderid: string };
  expectThat(
    placed.status === 202 && orders.get(first)?.final === false,
    `checkout answered ${placed.status} in ${answeredMs.toFixed(0)} ms, the order still processing`,
  );

  await sandbox.waitForCallback({ orderid: order.orderid, type: "sale" }, { timeoutMs: 10_000 });
  expectThat(orders.get(first)?.status === "approved", `the callback settled ${first}: approved`);

  const back = (await (await customerReturn(request(`/return?${new URLSearchParams(order)}`))).json()) as {
    status?: string;
  };
  expectThat(back.status === "approved", `the customer's return: one status check, ${back.status}`);

  // A checkout whose host stops it 1.5 s after the answer (a short function limit).
  const second = `sls-${Date.now().toString(36)}-short`;
  started = performance.now();
  const short = (await (await checkout(request("/checkout", saleBody(second)), 1.5)).json()) as {
    orderid: string;
  };
  await Promise.all(afterAnswer);
  const stopped = waits.get(second);
  expectThat(
    stopped?.outcome === "ERR_ABORTED",
    `a wait stopped after ${((stopped?.ms ?? 0) / 1000).toFixed(1)} s returns { error } ${stopped?.outcome}, no exception`,
  );
  const full = waits.get(first);
  expectThat(
    full?.outcome === "approved",
    `the wait after the first answer took ${((full?.ms ?? 0) / 1000).toFixed(1)} s of function time for an order final after 1 s`,
  );
  await sandbox.waitForCallback({ orderid: short.orderid, type: "sale" }, { timeoutMs: 10_000 });
  expectThat(
    orders.get(second)?.status === "approved",
    `the stopped order went on at the gateway: its callback settled it, ${orders.get(second)?.status}`,
  );
} finally {
  server.close();
  await sandbox.close();
}

// What this page's program takes as given: requests as a function host hands them over, the sale's
// body, and its checks.
function request(path: string, body?: unknown): Request {
  const url = `https://shop.example.com${path}`;
  return body === undefined ? new Request(url) : new Request(url, { method: "POST", body: JSON.stringify(body) });
}

/** The sale's body: the sandbox's sample order for 20.00 USD, with a card it approves (CVV2 123). */
function saleBody(clientOrderId: string): GatewayBody<"sale"> {
  return { ...sampleOrder(clientOrderId, { amount: "20.00" }), ...testCard() };
}

/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
