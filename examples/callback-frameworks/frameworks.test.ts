// The callback handler in each framework snippet the "Receiving callbacks" page shows (Express 5,
// Fastify 5, Hono 4, and route.ts for Bun and Deno), each receiving the callbacks the sandbox really
// sends. The Worker (examples/workers/) runs in workerd, the Next.js app (examples/nextjs/) under
// `next start`, each in its own test.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, type VerifiedCallback } from "@card-processing/client";
import { createCallbackHandler } from "@card-processing/client/callback-handler";
import { type Sandbox, sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expressApp } from "./express.js";
import { fastifyApp } from "./fastify.js";
import { honoApp } from "./hono.js";

type Handler = (request: Request) => Promise<Response>;
/** Starts `handler` in one framework on 127.0.0.1 at a random port; resolves to its callback URL and its stop. */
type Mount = (handler: Handler) => Promise<{ url: string; close: () => Promise<unknown> }>;

async function listening(server: Server): Promise<string> {
  if (!server.listening) await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;
}

// Each mount serves the app of the file the docs page shows (express.ts, fastify.ts, hono.ts).
const mounts: Record<string, Mount> = {
  "Express 5": async (handler) => {
    const server = expressApp(handler).listen(0, "127.0.0.1");
    return { url: await listening(server), close: () => new Promise((resolve) => server.close(resolve)) };
  },
  "Fastify 5": async (handler) => {
    const app = fastifyApp(handler);
    await app.listen({ port: 0, host: "127.0.0.1" });
    return { url: await listening(app.server), close: () => app.close() };
  },
  "Hono 4": async (handler) => {
    const server = serve({ fetch: honoApp(handler).fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    return { url: await listening(server), close: () => new Promise((resolve) => server.close(resolve)) };
  },
};

/** What Bun.serve and Deno.serve do: call the handler with a Request, send its Response. */
async function serveFetch(handler: Handler): Promise<{ url: string; close: () => Promise<unknown> }> {
  const server = createServer(async (req, res) => {
    const response = await handler(
      new Request(new URL(req.url ?? "/", "http://127.0.0.1"), { method: req.method ?? "GET" }),
    );
    res.writeHead(response.status).end(await response.text());
  });
  server.listen(0, "127.0.0.1");
  return { url: await listening(server), close: () => new Promise((resolve) => server.close(resolve)) };
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 20 });
});
afterAll(async () => {
  await sandbox.close();
});

/** A sale with `url` as its callback address: its callback handled once, a duplicate answered 200, a forgery refused. */
async function expectHandledOnce(url: string, received: readonly VerifiedCallback[], name: string): Promise<void> {
  const gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
  });
  const clientOrderId = `fw-${name.replace(/\W/g, "")}-${Date.now().toString(36)}`;
  const sale = await gateway.sale({
    ...sampleOrder(clientOrderId, { amount: "12.50" }),
    ...testCard(),
    server_callback_url: url,
  });
  if (sale.error) throw sale.error;
  const orderid = sale.data["paynet-order-id"];
  const delivery = await sandbox.waitForCallback({ orderid, type: "sale" }, { timeoutMs: 10_000 });
  expect(delivery.attempts.at(-1)?.httpStatus).toBe(200);
  expect(received).toEqual([
    expect.objectContaining({ status: "approved", orderid, client_orderid: clientOrderId, final: true }),
  ]);
  expect(received[0]?.unsigned).toMatchObject({ type: "sale", amount: "12.50" });

  const again = await fetch(delivery.url);
  expect([again.status, await again.text()]).toEqual([200, "OK"]);
  expect(received).toHaveLength(1);

  const forged = new URL(delivery.url);
  forged.searchParams.set("status", "declined");
  const refusal = await fetch(forged);
  expect(refusal.status).toBe(403);
  expect(received).toHaveLength(1);
}

describe.each(Object.keys(mounts))("the callback handler in %s", (framework) => {
  it("handles the sandbox's callback once, answers a duplicate 200 and refuses a forgery", async () => {
    const received: VerifiedCallback[] = [];
    const handler = createCallbackHandler({
      controlKey: sandbox.controlKey,
      onCallback: (callback) => void received.push(callback),
    });
    const { url, close } = await mounts[framework]!(handler);
    try {
      await expectHandledOnce(url, received, framework);
    } finally {
      await close();
    }
  });
});

describe("the callback handler as route.ts exports it", () => {
  it("default.fetch (Bun, Deno) handles the sandbox's callback once and refuses a forgery", async () => {
    process.env["MERCHANT_CONTROL_KEY"] = sandbox.controlKey;
    vi.resetModules();
    const route = await import("./route.js");
    const { url, close } = await serveFetch(route.default.fetch);
    try {
      await expectHandledOnce(url, route.received, "default.fetch");
    } finally {
      await close();
    }
  });
});
