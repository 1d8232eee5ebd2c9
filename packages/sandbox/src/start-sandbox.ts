import { exampleMerchant } from "@card-processing/types";
import type { CallbackDelivery } from "./delivery/callback-dispatcher.js";
import { type CallbackMatch, waitForCallback } from "./delivery/callback-waiter.js";
import type { OrderEvent, OrderEventRequest } from "./engine/events/order-event.js";
import { GatewayEngine } from "./engine/gateway-engine.js";
import {
  checkReceivedRequestQuery,
  type ReceivedRequest,
  type ReceivedRequestQuery,
  receivedRequestsMatching,
} from "./engine/journal/received-request.js";
import { checkOrderPageQuery, type OrderPageQuery } from "./engine/orders/order-page-query.js";
import { storedStateOf } from "./engine/persistence/stored-state.js";
import type { ResolvedOptions } from "./engine/resolved-options.js";
import { type SandboxClockControl, sandboxControls } from "./engine/sandbox-controls.js";
import { publicBaseUrlOf } from "./options/public-url.js";
import { resolveOptions } from "./options/resolve-options.js";
import type { SandboxOptions } from "./options/sandbox-options.js";
import { tlsOptionOf } from "./options/tls-option.js";
import { refuseUnknownOptions } from "./options/unknown-options.js";
import { adminTokenFor } from "./server/admin/admin-access.js";
import { type OrderSummary, orderSummary } from "./server/admin/order-summary.js";
import {
  type FaultRates,
  type FaultRequest,
  NetworkFaults,
  type PlayedFault,
  type QueuedFault,
} from "./server/api/network-faults.js";
import { closeGracefully } from "./server/graceful-close.js";
import { type CustomerReturn, type HostedPagePayment, payHostedPage } from "./server/pages/pay-hosted-page.js";
import { createRouter } from "./server/router.js";
import { createSandboxServer, listen } from "./server/sandbox-server.js";
import type { SandboxStore } from "./store/sandbox-store.js";
import { openSqliteStore } from "./store/sqlite-store.js";
import { RequestValidator } from "./validation/request-validator.js";

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
  /**
   * Base address with the `/paynet` prefix: `http://127.0.0.1:PORT/paynet` (`https://` with the
   * `tls` option; on every interface, `127.0.0.1`), or the `publicUrl` option's address.
   */
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
  /** Every endpoint group id the sandbox accepts at the group addresses (none by default). */
  readonly endpointGroupIds: readonly string[];
  /** The dashboard page: `url` followed by `/_dashboard`. */
  readonly dashboardUrl: string;
  /**
   * The token the admin routes and the dashboard require (`Authorization: Bearer`, or
   * `dashboardUrl?token=`): the `adminToken` option, or generated when the sandbox listens beyond
   * loopback (and kept by `dataDir` for the next start); `undefined` on 127.0.0.1, where they are open.
   */
  readonly adminToken: string | undefined;
  /**
   * One page of orders, newest first, as `GET /paynet/_admin/orders?limit=&cursor=&status=&q=`
   * lists them: pass `nextCursor` back as `cursor` for the page after (it is `undefined` on the
   * last). Throws `OrderPageQueryError` naming a malformed field.
   */
  orders(query?: OrderPageQuery): OrderSummaryPage;
  /**
   * The API requests the gateway received, oldest first, redacted at intake (the same list as
   * `GET /paynet/_admin/requests?client_orderid=&orderid=&operation=`): each field given must
   * match exactly. It shows a resend for what it is: two sales of one `client_orderid` that were
   * both answered 200 moved money twice. Requests a network fault stopped before the gateway
   * (`reset-before`, `http-502`, `http-503`) are not in it. Throws a `TypeError` naming an
   * unknown field.
   *
   * @example
   * ```ts
   * import { startSandbox } from "@card-processing/sandbox";
   * const sandbox = await startSandbox();
   * // ... the shop pays order 902B4FF5, recovering from lost replies ...
   * const sales = sandbox.requests({ client_orderid: "902B4FF5", operation: "sale" });
   * if (sales.filter((r) => r.http_status === 200).length > 1) throw new Error("charged twice");
   * await sandbox.close();
   * ```
   */
  requests(query?: ReceivedRequestQuery): readonly ReceivedRequest[];
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
  /**
   * Network faults on the sandbox's own replies, to rehearse the reply that never comes (see the
   * README's "Rehearsing lost replies"): `next()` queues a fault for the next matching request,
   * `list()` shows the queue, the rates and the faults played, `clear()` empties queue and list.
   */
  readonly faults: SandboxFaults;
  /** Forgets every order, callback, event, subscription and queued fault; generated ids start again. */
  reset(): void;
  /**
   * Stops the server, timers and callback retries. With `graceMs`, it first stops accepting
   * connections and lets requests in flight finish for up to that long (what the CLI does on
   * SIGTERM); without it, open connections are cut at once.
   */
  close(options?: { readonly graceMs?: number }): Promise<void>;
}

/**
 * A page of `sandbox.orders()`: the orders as the admin API lists them, and the cursor of the next page.
 *
 * @example
 * ```ts
 * import { startSandbox, type OrderSummaryPage } from "@card-processing/sandbox";
 * const sandbox = await startSandbox();
 * let page: OrderSummaryPage = sandbox.orders({ limit: 100 });
 * while (page.nextCursor !== undefined) page = sandbox.orders({ limit: 100, cursor: page.nextCursor });
 * await sandbox.close();
 * ```
 */
export interface OrderSummaryPage {
  readonly orders: readonly OrderSummary[];
  readonly nextCursor: string | undefined;
}

/**
 * The network faults of a running sandbox (`sandbox.faults`).
 *
 * @example
 * ```ts
 * import { startSandbox } from "@card-processing/sandbox";
 * const sandbox = await startSandbox();
 * sandbox.faults.next({ kind: "reset-after", operation: "sale" }); // the next sale is processed, its reply lost
 * console.log(sandbox.faults.list().queued.length); // 1
 * await sandbox.close();
 * ```
 */
export interface SandboxFaults {
  /** Queues a fault for the next `count` (default 1) requests of `operation` (default: any); throws `FaultRefusedError` naming a bad field. */
  next(request: FaultRequest): QueuedFault;
  /** The faults queued, the rates, and the newest faults played (up to 200). */
  list(): {
    readonly queued: readonly QueuedFault[];
    readonly rates: FaultRates["rates"];
    readonly played: readonly PlayedFault[];
  };
  /** Empties the queue and the list of faults played; rates given at start stay. */
  clear(): void;
}

let sharedValidator: RequestValidator | undefined;

/** The store of `dataDir`, or `undefined` when the sandbox keeps its state in memory only. */
function openDataDir(dataDir: string | undefined): SandboxStore | undefined {
  if (dataDir === undefined) return undefined;
  if (typeof dataDir !== "string" || dataDir.trim() === "")
    throw new TypeError(`dataDir: expected the path of a directory, got ${JSON.stringify(dataDir)}`);
  return openSqliteStore(dataDir);
}

/** The options `startSandbox` reads itself, beside those `resolveOptions` resolves. */
function startOptionsOf(options: SandboxOptions) {
  const { faults, tls, publicUrl, dataDir, adminToken } = options;
  return { faults, tls, publicUrl, dataDir, adminToken };
}

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
  // Every option is read by resolveOptions or here (startOptionsOf): a name neither reads is refused.
  refuseUnknownOptions(options, (given) => [startOptionsOf(given), resolveOptions(given)]);
  const own = startOptionsOf(options);
  const faults = new NetworkFaults(own.faults);
  const tls = tlsOptionOf(own.tls);
  const publicBaseUrl = publicBaseUrlOf(own.publicUrl);
  const store = openDataDir(own.dataDir);
  let engine: GatewayEngine;
  let resolved: ResolvedOptions;
  let adminToken: string | undefined;
  try {
    const stored = store === undefined ? undefined : storedStateOf(store.load());
    // A control key the sandbox generated goes on with its data directory: the shops hold it. The
    // example merchant's is not kept as given: a later start beyond loopback must not take it.
    const keptKey = stored?.meta?.controlKey;
    const controlKey = options.controlKey ?? (keptKey === exampleMerchant.controlKey ? undefined : keptKey);
    resolved = resolveOptions(controlKey === undefined ? options : { ...options, controlKey });
    engine = new GatewayEngine(resolved, store);
    if (store !== undefined && stored !== undefined) {
      const restored = engine.restore(stored);
      resolved.log(`sandbox state in ${store.location}: ${restored} orders taken up`);
    }
    // A generated admin token goes on with the data directory too: teammates hold it.
    const kept = stored?.meta?.adminToken;
    adminToken = adminTokenFor(resolved.host, own.adminToken, kept, publicBaseUrl);
    engine.keepAdminToken(own.adminToken === undefined && adminToken !== undefined ? adminToken : kept);
  } catch (error) {
    store?.close();
    throw error;
  }
  // Validation holds no per-sandbox state: every sandbox of the process shares the compiled schemas.
  sharedValidator ??= new RequestValidator();
  const validator = sharedValidator;
  const log = resolved.log;

  let server: ReturnType<typeof createSandboxServer>;
  let port: number;
  try {
    server = createSandboxServer(createRouter(engine, validator, adminToken, faults), tls);
    port = await listen(server, resolved.port, resolved.host);
  } catch (error) {
    engine.close();
    store?.close();
    throw error;
  }
  // Listening on every interface, the sandbox reaches itself at 127.0.0.1.
  const everywhere = resolved.host === "0.0.0.0" || resolved.host === "::";
  const host = everywhere ? "127.0.0.1" : resolved.host.includes(":") ? `[${resolved.host}]` : resolved.host;
  const listening = `${tls === undefined ? "http" : "https"}://${host}:${port}/paynet`;
  engine.baseUrl = publicBaseUrl ?? listening;
  // The address it is bound to, then the one to use when that is every interface.
  const scheme = tls === undefined ? "http" : "https";
  const bound = resolved.host.includes(":") ? `[${resolved.host}]` : resolved.host;
  const reach = everywhere ? ` (every interface: ${listening} on this machine, its network addresses from others)` : "";
  log(
    `sandbox listening on ${scheme}://${bound}:${port}/paynet${reach}${publicBaseUrl === undefined ? "" : `, reached at ${publicBaseUrl}`}`,
  );

  return {
    url: engine.baseUrl,
    port,
    login: resolved.login,
    controlKey: resolved.controlKey,
    get publicKey() {
      return resolved.publicKey;
    },
    get privateKeyPem() {
      return resolved.privateKeyPem;
    },
    endpointIds: [...resolved.endpointIds],
    endpointId: [...resolved.endpointIds][0] ?? "",
    endpointGroupIds: [...resolved.endpointGroupIds],
    waitForCallback: (match, wait = {}) => waitForCallback(engine.callbacks, match, wait.timeoutMs ?? 5_000),
    payHostedPage: (redirectUrl, payment) => payHostedPage(engine, validator, redirectUrl, payment),
    dashboardUrl: `${engine.baseUrl}/_dashboard`,
    adminToken,
    callbacks: () => engine.callbacks.deliveries,
    requests: (query = {}) => receivedRequestsMatching(engine.journal.requests, checkReceivedRequestQuery(query)),
    orders(query = {}) {
      checkOrderPageQuery(query);
      const page = engine.book.page(query);
      return { orders: page.orders.map(orderSummary), nextCursor: page.nextCursor };
    },
    ...sandboxControls(engine),
    faults: {
      next: (request) => faults.next(request),
      list: () => faults.list(),
      clear: () => faults.clear(),
    },
    reset() {
      engine.reset();
      faults.clear();
    },
    settle(orderid) {
      const order = engine.book.byOrderId(orderid);
      return order === undefined ? `no order ${orderid}` : engine.settle(order);
    },
    async close(closing = {}) {
      const graceMs = closing.graceMs ?? 0;
      // Requests in flight may still change orders: stop the engine only once they are done.
      if (graceMs > 0) await closeGracefully(server, graceMs);
      engine.close();
      if (graceMs <= 0) await closeGracefully(server, 0);
      store?.close();
      log("sandbox closed");
    },
  };
}
