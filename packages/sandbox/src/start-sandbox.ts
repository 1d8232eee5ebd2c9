import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { CallbackDelivery } from "./delivery/callback-dispatcher.js";
import { type CallbackMatch, waitForCallback } from "./delivery/callback-waiter.js";
import { GatewayEngine } from "./engine/gateway-engine.js";
import type { OrderEvent, OrderEventRequest } from "./engine/order-event.js";
import { resolveOptions } from "./engine/resolve-options.js";
import { type SandboxClockControl, sandboxControls } from "./engine/sandbox-controls.js";
import type { SandboxOptions } from "./engine/sandbox-options.js";
import { errorCodes, type Reply, refuse, serialNumber } from "./operations/replies.js";
import { acsPage } from "./server/acs-page.js";
import { accessRefusal, adminTokenFor, sendAccessRefusal } from "./server/admin-access.js";
import { adminEngineRoute } from "./server/admin-engine-routes.js";
import { adminRoute } from "./server/admin-routes.js";
import { ApiRoute } from "./server/api-route.js";
import { replyFormOf, sendClassicReply } from "./server/classic-reply.js";
import { dashboardRoute } from "./server/dashboard-routes.js";
import { BodyError, readBody } from "./server/form-body.js";
import { hostedPage, type PageReply } from "./server/hosted-page.js";
import { recordPageRequest } from "./server/page-request-record.js";
import { type CustomerReturn, type HostedPagePayment, payHostedPage } from "./server/pay-hosted-page.js";
import { sendReply } from "./server/send-reply.js";
import { RequestValidator } from "./spec/request-validator.js";

/**
 * A running sandbox: its address, the merchant credentials it accepts, and `close()`.
 *
 * @example
 * ```ts
 * import { startSandbox, type Sandbox } from "@card-processing/sandbox";
 * const sandbox: Sandbox = await startSandbox();
 * console.log(sandbox.url, sandbox.login, sandbox.endpointId);
 * await sandbox.close();
 * ```
 */
export interface Sandbox {
  /** Base address with the `/paynet` prefix: `http://127.0.0.1:PORT/paynet`. */
  readonly url: string;
  readonly port: number;
  /** Merchant login, also the OAuth consumer key. */
  readonly login: string;
  /** Merchant control key (control signatures, OAuth HMAC-SHA1, callbacks). */
  readonly controlKey: string;
  /** The PEM public key that verifies RSA-SHA256 requests. */
  readonly publicKey: string;
  /** The matching PKCS#8 private key, when the sandbox generated the pair. */
  readonly privateKeyPem: string | undefined;
  /** Every endpoint id the sandbox accepts. */
  readonly endpointIds: readonly string[];
  /** The first of `endpointIds` (`1111` by default), the one to give `createGateway`. */
  readonly endpointId: string;
  /** The dashboard page: `http://127.0.0.1:PORT/paynet/_dashboard`. */
  readonly dashboardUrl: string;
  /**
   * The token the admin routes and the dashboard require (`Authorization: Bearer`, or
   * `dashboardUrl?token=`): the `adminToken` option, or generated when the sandbox listens beyond
   * loopback; `undefined` on 127.0.0.1, where they are open.
   */
  readonly adminToken: string | undefined;
  /** Callback deliveries so far (the same list as `GET /paynet/_admin/callbacks`). */
  callbacks(): readonly CallbackDelivery[];
  /**
   * Resolves with the first callback of `match.orderid` (and `type`, `status` when given) that the
   * shop answered 200, at once if one already was; rejects after `timeoutMs` (real time, default
   * 5 000) naming what was sent. With a manual clock, deliveries happen inside `clock.advance()`.
   */
  waitForCallback(match: CallbackMatch, options?: { readonly timeoutMs?: number }): Promise<CallbackDelivery>;
  /**
   * Does what a customer does on the hosted page at `redirectUrl` (the `redirect-url` of a `-form`
   * reply) and resolves to what the browser then posts to the order's `redirect_url`.
   */
  payHostedPage(redirectUrl: string, payment?: HostedPagePayment): Promise<CustomerReturn>;
  /** Settles an approved sale or capture now (synchronously): returns the refusal message, or `undefined` once settled. */
  settle(orderid: string): string | undefined;
  /** The sandbox clock: its mode, its time, and `advance(ms)` when it is manual. */
  readonly clock: SandboxClockControl;
  /**
   * Brings an event (chargeback, reversal, fraud, retrieval, status-change) to an existing order and
   * sends its callback; rejects with `EventRefusedError` saying why when it cannot happen.
   */
  trigger(orderid: string, event: OrderEventRequest): Promise<OrderEvent>;
  /** Forgets every order, callback, event and subscription; generated ids start again. */
  reset(): void;
  /** Stops the server, timers and callback retries. */
  close(): Promise<void>;
}

function sendPage(response: ServerResponse, reply: PageReply): void {
  if (reply.location !== undefined) {
    response.writeHead(reply.httpStatus, { location: reply.location, "cache-control": "no-store" });
    response.end();
    return;
  }
  response.writeHead(reply.httpStatus, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(reply.html ?? "");
}

/** The request's target as a URL, or `undefined` when it cannot be parsed (`http://a:99999/x`). */
function requestTargetOf(request: IncomingMessage): URL | undefined {
  return URL.parse(request.url ?? "/", "http://sandbox.invalid") ?? undefined;
}

let sharedValidator: RequestValidator | undefined;

/**
 * Starts a stateful local gateway serving every operation of the API under `/paynet`.
 *
 * @example
 * ```ts
 * import { startSandbox } from "@card-processing/sandbox";
 * const sandbox = await startSandbox({ login: "shop", controlKey: "secret", latencyMs: 50 });
 * // point the client at sandbox.url, endpoint 1111
 * await sandbox.close();
 * ```
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const resolved = resolveOptions(options);
  const adminToken = adminTokenFor(resolved.host, options.adminToken);
  const engine = new GatewayEngine(resolved);
  // Validation holds no per-sandbox state: every sandbox of the process shares the compiled schemas.
  const validator = (sharedValidator ??= new RequestValidator());
  const api = new ApiRoute(engine, validator);
  const log = resolved.log;

  async function dispatch(request: IncomingMessage, response: ServerResponse): Promise<string> {
    const url = requestTargetOf(request);
    const method = request.method ?? "GET";
    if (url === undefined) {
      const reply = refuse("request target is not a valid URL");
      sendReply(response, reply);
      return "- 400 request target is not a valid URL";
    }
    if (!url.pathname.startsWith("/paynet/")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      response.end(`Not found. The API lives under ${engine.baseUrl}\n`);
      return "404";
    }
    const path = url.pathname.slice("/paynet".length);
    if (path.startsWith("/_admin/") || path === "/_dashboard" || path.startsWith("/_dashboard/")) {
      const refusal = accessRefusal(request, url, adminToken);
      if (refusal !== undefined) {
        sendAccessRefusal(response, refusal);
        return `${refusal.httpStatus} ${refusal.message}`;
      }
      const status = dashboardRoute(engine.changes, method, url, response);
      if (status !== undefined) return String(status);
    }
    const page = /^\/(hosted|acs)\/([0-9a-f]{1,64})$/.exec(path);
    if (page !== null) {
      if (method !== "GET" && method !== "POST") {
        // Only GET shows a page and only POST submits it; anything else would read as an empty submission.
        response.writeHead(405, {
          allow: "GET, POST",
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
        });
        response.end(`${method} is not allowed here: use GET to show the page, POST to submit it\n`);
        return "405";
      }
      const body = method === "POST" ? await readBody(request) : "";
      const reply =
        page[1] === "hosted"
          ? await hostedPage(engine, validator, page[2] ?? "", method, body)
          : await acsPage(engine, page[2] ?? "", method, body);
      sendPage(response, reply);
      recordPageRequest(engine, page[1] === "hosted" ? "hosted" : "acs", page[2] ?? "", method, body, reply.httpStatus);
      return String(reply.httpStatus);
    }
    if (path.startsWith("/_admin/")) {
      const body = method === "POST" ? await readBody(request) : "";
      const received = { text: body, contentType: request.headers["content-type"] };
      const reply =
        (await adminEngineRoute(engine, method, path, url.searchParams, received)) ??
        adminRoute(engine, method, path, url.searchParams, received) ??
        refuse(`unknown admin path ${path}`);
      sendReply(response, reply);
      return String(reply.httpStatus);
    }
    const { reply, operationId } = await api.handle(request, path);
    if (replyFormOf(request.headers.accept, resolved.classicReplies) === "classic") sendClassicReply(response, reply);
    else sendReply(response, reply);
    const b = reply.body;
    const detail =
      reply.httpStatus === 200
        ? `${String(b["status"] ?? "")}${b["paynet-order-id"] === undefined ? "" : ` order=${String(b["paynet-order-id"])}`}`
        : String(b["error-message"] ?? "");
    return `${operationId ?? "-"} ${reply.httpStatus} ${detail}`;
  }

  const server = createServer((request, response) => {
    const started = performance.now();
    const where = (request.url ?? "").split("?")[0] ?? "";
    dispatch(request, response)
      .then((summary) =>
        log(`${request.method ?? "?"} ${where} ${summary} (${(performance.now() - started).toFixed(1)} ms)`),
      )
      .catch((error: unknown) => {
        if (error instanceof BodyError) {
          if (!response.headersSent) sendReply(response, refuse(error.message));
          log(`${request.method ?? "?"} ${where} 400 ${error.message}`);
          return;
        }
        log(
          `${request.method ?? "?"} ${where} 500 ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        if (!response.headersSent) {
          const fault: Reply = {
            httpStatus: 500,
            body: {
              type: "error",
              "error-message": "internal sandbox error",
              "error-code": errorCodes.serverFault,
              "serial-number": serialNumber(),
            },
          };
          const classic =
            where.startsWith("/paynet/api/") &&
            replyFormOf(request.headers.accept, resolved.classicReplies) === "classic";
          if (classic) sendClassicReply(response, fault);
          else sendReply(response, fault);
        } else {
          response.destroy();
        }
      });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(resolved.port, resolved.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = resolved.host.includes(":") ? `[${resolved.host}]` : resolved.host;
  engine.baseUrl = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}/paynet`;
  log(`sandbox listening on ${engine.baseUrl}`);

  return {
    url: engine.baseUrl,
    port,
    login: resolved.login,
    controlKey: resolved.controlKey,
    publicKey: resolved.publicKey,
    privateKeyPem: resolved.privateKeyPem,
    endpointIds: [...resolved.endpointIds],
    endpointId: [...resolved.endpointIds][0] ?? "",
    waitForCallback: (match, wait = {}) => waitForCallback(engine.callbacks, match, wait.timeoutMs ?? 5_000),
    payHostedPage: (redirectUrl, payment) => payHostedPage(engine, validator, redirectUrl, payment),
    dashboardUrl: `${engine.baseUrl}/_dashboard`,
    adminToken,
    callbacks: () => engine.callbacks.deliveries,
    ...sandboxControls(engine),
    settle(orderid) {
      const order = engine.book.byOrderId(orderid);
      return order === undefined ? `no order ${orderid}` : engine.settle(order);
    },
    async close() {
      engine.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      log("sandbox closed");
    },
  };
}
