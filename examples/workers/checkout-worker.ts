// Taking a card payment in a Cloudflare Worker, where a request has a time limit: answer 202 once
// the gateway took the sale and let the callback settle the order; keep checking for a few seconds
// after the answer with ctx.waitUntil; one status check when the customer comes back. Secrets arrive
// in `env` with each request, so the gateway is made there. A v4 call (card reference, OAuth
// RSA-SHA256) signs with the private key from `env` too.
import { createGateway, type GatewayBody } from "@card-processing/client";

interface Env {
  GATEWAY_URL: string;
  GATEWAY_ENDPOINT_ID: string;
  GATEWAY_LOGIN: string;
  MERCHANT_CONTROL_KEY: string;
  /** The merchant's RSA private key (PEM), for the v4 operations: `wrangler secret put MERCHANT_PRIVATE_KEY`. */
  MERCHANT_PRIVATE_KEY: string;
  /** Your callback Worker's address (callback-worker.ts). */
  CALLBACK_URL: string;
}

function gatewayOf(env: Env) {
  return createGateway({
    baseUrl: env.GATEWAY_URL,
    endpointId: env.GATEWAY_ENDPOINT_ID,
    login: env.GATEWAY_LOGIN,
    controlKey: env.MERCHANT_CONTROL_KEY,
    privateKey: env.MERCHANT_PRIVATE_KEY,
  });
}

export default {
  async fetch(request, env, ctx) {
    const gateway = gatewayOf(env);
    const url = new URL(request.url);
    const order = {
      client_orderid: url.searchParams.get("client_orderid") ?? "",
      orderid: url.searchParams.get("orderid") ?? "",
    };

    if (request.method === "POST" && url.pathname === "/checkout") {
      // Your cart and payment form make this body; here it comes as JSON.
      const body = await request.json<GatewayBody<"sale">>();
      const sale = await gateway.sale({ ...body, server_callback_url: env.CALLBACK_URL });
      if (sale.error) return Response.json({ error: sale.error.code, outcome: sale.error.outcome }, { status: 502 });
      const placed = { client_orderid: body.client_orderid, orderid: sale.data["paynet-order-id"] };
      // After the answer, at most 25 s of status checks (waitUntil keeps the Worker up to 30 s past
      // its response); a stopped wait returns { error } (code ERR_ABORTED) and the callback settles it.
      ctx.waitUntil(
        gateway.waitForFinalStatus(placed, { signal: AbortSignal.timeout(25_000) }).then((final) => {
          console.log(
            final.error ? `still open: ${final.error.code}` : `final ${placed.orderid}: ${final.data.status}`,
          );
        }),
      );
      return Response.json(placed, { status: 202 });
    }

    if (url.pathname === "/return") {
      // The customer is back: one status check, no waiting; "processing" shows a "we'll e-mail you" page.
      const status = await gateway.status(order);
      if (status.error) return Response.json({ error: status.error.code }, { status: 502 });
      return Response.json({ status: status.data.status });
    }

    if (request.method === "POST" && url.pathname === "/save-card") {
      const ref = await gateway.createCardRefV4({ ...order, login: env.GATEWAY_LOGIN });
      if (ref.error) return Response.json({ error: ref.error.code }, { status: 502 });
      return Response.json({ cardRefId: ref.data["card-ref-id"] });
    }

    return new Response("not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
