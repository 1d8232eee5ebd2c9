// A small shop backend: checkout on the gateway's hosted page, a callback handler, the customer's
// return confirmed by a status query, and partial refunds. Plain node:http, no framework.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Gateway, parseCallback, parseCustomerReturn, SignatureError } from "@card-processing/client";

/** One order as the shop keeps it. */
export interface ShopOrder {
  readonly clientOrderId: string;
  readonly amount: string;
  readonly currency: string;
  /** The gateway's order id, known once the checkout was acknowledged. */
  orderid: string | undefined;
  state: "awaiting-payment" | "paid" | "failed";
  /** Confirmed refunds, as decimal strings. */
  readonly refunds: string[];
}

export interface ShopOptions {
  readonly gateway: Gateway;
  /** The merchant control key, which verifies callbacks and customer returns. */
  readonly controlKey: string;
}

export interface Shop {
  /** The shop's own address, e.g. `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly orders: ReadonlyMap<string, ShopOrder>;
  /** Refunds `amount` of a paid order and resolves once the gateway confirms that one return. */
  refund(clientOrderId: string, amount: string): Promise<"approved" | "declined" | "error" | "filtered">;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

let nextId = 0;

/** The basket: what the customer's browser sees before the hosted page. */
const basketPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Basket</title></head><body><main>
<h1>Your basket</h1>
<form method="POST" action="/checkout">
<label for="amount">Amount (USD)</label><input id="amount" name="amount" value="10.00">
<label for="email">Email</label><input id="email" name="email" type="email" value="jane@example.com">
<button type="submit">Checkout</button>
</form></main></body></html>`;

export async function startShop({ gateway, controlKey }: ShopOptions): Promise<Shop> {
  const orders = new Map<string, ShopOrder>();
  let url = "";

  /** The gateway's word on an order: never the callback's or the browser's. */
  async function confirm(order: ShopOrder): Promise<string> {
    const { data, error } = await gateway.status({ client_orderid: order.clientOrderId, orderid: order.orderid ?? "" });
    if (error) throw error;
    if (data.status === "approved" && data.amount === order.amount && data.currency === order.currency)
      order.state = "paid";
    else if (data.status === "declined" || data.status === "error" || data.status === "filtered")
      order.state = "failed";
    return data.status;
  }

  async function checkout(form: URLSearchParams): Promise<string> {
    nextId += 1;
    const order: ShopOrder = {
      clientOrderId: `shop-${Date.now().toString(36)}-${nextId}`,
      amount: form.get("amount") ?? "0",
      currency: "USD",
      orderid: undefined,
      state: "awaiting-payment",
      refunds: [],
    };
    orders.set(order.clientOrderId, order);
    const { data, error } = await gateway.saleForm({
      client_orderid: order.clientOrderId,
      order_desc: `Shop order ${order.clientOrderId}`,
      amount: order.amount,
      currency: order.currency,
      email: form.get("email") ?? "",
      address1: "100 Main st",
      city: "Seattle",
      state: "WA",
      zip_code: "98102",
      country: "US",
      phone: "+12063582043",
      ipaddress: "65.153.12.232",
      redirect_url: `${url}/return`,
      server_callback_url: `${url}/callback`,
    });
    if (error) throw error;
    order.orderid = data["paynet-order-id"];
    return data["redirect-url"];
  }

  async function onCallback(query: URLSearchParams): Promise<number> {
    const callback = await parseCallback(query, controlKey);
    const order = orders.get(callback.client_orderid);
    if (order === undefined || order.orderid !== callback.orderid) return 404;
    // A callback may come twice or out of order: confirming the status makes handling it again harmless.
    await confirm(order);
    return 200;
  }

  async function onReturn(form: URLSearchParams): Promise<string> {
    const back = await parseCustomerReturn(form, controlKey);
    const order = orders.get(back.client_orderid ?? back.merchant_order ?? "");
    if (order === undefined) return "<h1>Unknown order</h1>";
    const status = await confirm(order);
    if (order.state === "paid") return `<h1>Thank you</h1><p>Order ${order.clientOrderId} is paid.</p>`;
    if (order.state === "failed")
      return `<h1>Payment failed</h1><p>The payment was ${status}. Please try another card.</p>`;
    return `<h1>Still processing</h1><p>Your payment is being processed; we will email you when it is done.</p>`;
  }

  const server: Server = createServer((request, response) => {
    const where = new URL(request.url ?? "/", "http://shop.invalid");
    const route = `${request.method ?? "GET"} ${where.pathname}`;
    const handled =
      route === "GET /"
        ? Promise.resolve(response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(basketPage))
        : route === "POST /checkout"
          ? bodyOf(request)
              .then(checkout)
              .then((page) => response.writeHead(303, { location: page }).end())
          : route === "GET /callback"
            ? onCallback(where.searchParams).then((status) => response.writeHead(status).end())
            : route === "POST /return"
              ? bodyOf(request)
                  .then(onReturn)
                  .then((html) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html))
              : Promise.resolve(response.writeHead(404).end());
    handled.catch((error: unknown) => {
      // A forged callback or return is refused; anything else is the shop's fault, and the gateway retries.
      if (!(error instanceof SignatureError))
        console.error(`shop: ${route} failed: ${error instanceof Error ? error.message : String(error)}`);
      response.writeHead(error instanceof SignatureError ? 403 : 500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    orders,
    async refund(clientOrderId, amount) {
      const order = orders.get(clientOrderId);
      if (order?.state !== "paid" || order.orderid === undefined) throw new Error(`order ${clientOrderId} is not paid`);
      const ref = { client_orderid: order.clientOrderId, orderid: order.orderid };
      const { data, error } = await gateway.return({
        ...ref,
        amount,
        currency: order.currency,
        comment: "partial refund",
      });
      if (error) throw error;
      // The order's own status stays approved after a partial return: follow this one return by its serial number.
      const final = await gateway.waitForFinalStatus({ ...ref, "serial-number": data["serial-number"] });
      if (final.error) throw final.error;
      if (final.data.status === "approved") order.refunds.push(String(final.data.amount ?? amount));
      return final.data.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
