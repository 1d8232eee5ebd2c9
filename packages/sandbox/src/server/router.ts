import type { IncomingMessage, ServerResponse } from "node:http";
import { createMemoryNonceStore, type NonceStore } from "@card-processing/signing";
import { classicText } from "@card-processing/types";
import type { GatewayEngine } from "../engine/gateway-engine.js";
import { errorCodes, fieldsOf, PAY_JSON, type Reply, refuse, serialNumber } from "../operations/replies.js";
import type { RequestValidator } from "../validation/request-validator.js";
import { accessRefusal, sendAccessRefusal } from "./admin/admin-access.js";
import { adminEngineRoute } from "./admin/admin-engine-routes.js";
import { adminFaultRoute } from "./admin/admin-fault-routes.js";
import { adminRoute } from "./admin/admin-routes.js";
import { ApiRoute, matchOperation } from "./api/api-route.js";
import { replyFormOf, sendClassicReply } from "./api/classic-reply.js";
import { playFaultAfter, playFaultBefore } from "./api/fault-reply.js";
import { BodyError, parseForm, readBody } from "./api/form-body.js";
import { markManualClock } from "./api/manual-clock-header.js";
import { type FaultKind, faultKinds, type NetworkFaults } from "./api/network-faults.js";
import { sendReply } from "./api/send-reply.js";
import { serveTransactionReport, transactionReportPath } from "./api/transaction-report-route.js";
import { dashboardRoute } from "./dashboard/dashboard-routes.js";
import { sendHealth } from "./health-route.js";
import { isPagePath } from "./pages/page-address.js";
import { pageRoute } from "./pages/page-route.js";
import { sendPage } from "./pages/send-page.js";

/** The request's target as a URL, or `undefined` when it cannot be parsed (`http://a:99999/x`). */
function requestTargetOf(request: IncomingMessage): URL | undefined {
  return URL.parse(request.url ?? "/", "http://sandbox.invalid") ?? undefined;
}

/** What the routes serve from: the engine, the API's route, the request validator and the admin token. */
interface Routing {
  readonly engine: GatewayEngine;
  readonly api: ApiRoute;
  readonly validator: RequestValidator;
  readonly adminToken: string | undefined;
  readonly faults: NetworkFaults;
  /** `performance.now()` when the router was made, for the health route's uptime. */
  readonly startedAt: number;
  /** Nonces of signed transactions-report requests, so a replayed one is refused. */
  readonly reportNonces: NonceStore;
}

/**
 * Every route of the sandbox in one place: the admin API and the dashboard (behind the admin
 * token), the hosted and ACS pages, and the gateway API. Answers the request and returns what the
 * log line says of it.
 */
async function dispatch(routing: Routing, request: IncomingMessage, response: ServerResponse): Promise<string> {
  const { engine, api, validator, adminToken } = routing;
  const url = requestTargetOf(request);
  const method = request.method ?? "GET";
  if (url === undefined) {
    const reply = refuse("request target is not a valid URL");
    sendReply(response, reply);
    return "- 400 request target is not a valid URL";
  }
  if (url.pathname === transactionReportPath) {
    return serveTransactionReport(engine, request, url, response, routing.reportNonces);
  }
  if (!url.pathname.startsWith("/paynet/")) {
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    response.end(`Not found. The API lives under ${engine.baseUrl}\n`);
    return "404";
  }
  const path = url.pathname.slice("/paynet".length);
  if (path === "/_health" && (method === "GET" || method === "HEAD")) {
    sendHealth(response, routing.startedAt);
    return "200";
  }
  if (path.startsWith("/_admin/") || path === "/_dashboard" || path.startsWith("/_dashboard/")) {
    const refusal = accessRefusal(request, url, adminToken, engine.baseUrl);
    if (refusal !== undefined) {
      sendAccessRefusal(response, refusal);
      return `${refusal.httpStatus} ${refusal.message}`;
    }
    const status = dashboardRoute(engine.changes, adminToken, method, url, response);
    if (status !== undefined) return String(status);
  }
  if (isPagePath(path)) {
    const reply = await pageRoute(engine, validator, request, path);
    await engine.durable();
    sendPage(response, reply);
    return String(reply.httpStatus);
  }
  if (path.startsWith("/_admin/")) {
    const body = method === "POST" ? await readBody(request) : "";
    const received = { text: body, contentType: request.headers["content-type"] };
    const reply =
      (await adminEngineRoute(engine, method, path, url.searchParams, received)) ??
      adminRoute(engine, method, path, url.searchParams, received) ??
      adminFaultRoute(routing.faults, method, path, url.searchParams, received) ??
      refuse(`unknown admin path ${path}`);
    await engine.durable();
    sendReply(response, reply);
    return String(reply.httpStatus);
  }
  const classic = replyFormOf(request.headers.accept, engine.options.classicReplies) === "classic";
  const matched = matchOperation(path);
  const operation = matched?.entry.operationId;
  const fault = operation === undefined ? undefined : routing.faults.choose(operation);
  if (fault !== undefined && operation !== undefined && !faultKinds[fault.kind].processes) {
    const form = parseForm(await readBody(request));
    const fields = "error" in form ? {} : form.fields;
    const clientOrderId = matched?.entry.clientOrderIdFields.map((name) => fields[name]).find((v) => v !== undefined);
    playFaultBefore(response, fault);
    return recordFault(routing, fault.kind, operation, undefined, clientOrderId);
  }
  const { reply, operationId, orderid, clientOrderId } = await api.handle(request, path, matched);
  // With a data directory, what the reply says is committed to its database before it is sent.
  await engine.durable();
  markManualClock(response, engine.clock.mode);
  const send = () => (classic ? sendClassicReply(response, reply) : sendReply(response, reply));
  if (fault !== undefined && operation !== undefined) {
    const text = classic ? classicText(reply.body) : JSON.stringify(reply.body);
    const contentType = classic ? "text/html; charset=utf-8" : `${PAY_JSON}; charset=utf-8`;
    const summary = recordFault(routing, fault.kind, operation, orderid, clientOrderId);
    await playFaultAfter(response, fault, { text, contentType }, send, heldFor);
    return summary;
  }
  closeIfBodyUnread(request, response);
  send();
  const b = fieldsOf(reply);
  const detail =
    reply.httpStatus === 200
      ? `${String(b["status"] ?? "")}${b["paynet-order-id"] === undefined ? "" : ` order=${String(b["paynet-order-id"])}`}`
      : String(b["error-message"] ?? "");
  return `${operationId ?? "-"} ${reply.httpStatus} ${detail}`;
}

/**
 * Closes the connection after a reply sent before the request's body was read whole (a refusal
 * over the body limit, or before reading it): on a kept-alive connection the server would
 * otherwise go on reading, and throwing away, whatever the client still sends.
 */
function closeIfBodyUnread(request: IncomingMessage, response: ServerResponse): void {
  if (!request.complete) response.setHeader("connection", "close");
}

/** Waits `ms` of real time without keeping the process alive (closing the sandbox drops held replies). */
function heldFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Keeps a played fault in the faults' list and, when the gateway processed the request, on its
 * order's timeline, so a developer sees why the shop saw what it saw. Returns the log line's text.
 */
function recordFault(
  routing: Routing,
  kind: FaultKind,
  operation: string,
  orderid: string | undefined,
  clientOrderId: string | undefined,
): string {
  const { engine, faults } = routing;
  const processed = faultKinds[kind].processes;
  faults.record({
    at: new Date(engine.clock.now()).toISOString(),
    kind,
    operation,
    processed,
    orderid,
    client_orderid: clientOrderId,
  });
  const order = orderid === undefined ? undefined : engine.book.byOrderId(orderid);
  if (order !== undefined) engine.journal.note(order, `network fault ${kind}: ${faultKinds[kind].says}`);
  const which = orderid === undefined ? `client_orderid=${clientOrderId ?? "?"}` : `order=${orderid}`;
  return `${operation} network fault ${kind} ${which} (${faultKinds[kind].says})`;
}

/**
 * The sandbox's HTTP request listener: routes each request, logs one line for it, and maps a
 * failure to a reply (an unreadable body to 400, anything else to 500 in the API's reply form), so
 * that a request never ends the server.
 */
export function createRouter(
  engine: GatewayEngine,
  validator: RequestValidator,
  adminToken: string | undefined,
  faults: NetworkFaults,
): (request: IncomingMessage, response: ServerResponse) => void {
  const routing: Routing = {
    engine,
    api: new ApiRoute(engine, validator),
    validator,
    adminToken,
    faults,
    startedAt: performance.now(),
    reportNonces: createMemoryNonceStore(),
  };
  const log = engine.options.log;
  const classicReplies = engine.options.classicReplies;
  return (request, response) => {
    const started = performance.now();
    const where = (request.url ?? "").split("?")[0] ?? "";
    dispatch(routing, request, response)
      .then((summary) =>
        log(`${request.method ?? "?"} ${where} ${summary} (${(performance.now() - started).toFixed(1)} ms)`),
      )
      .catch((error: unknown) => {
        if (error instanceof BodyError) {
          if (!response.headersSent) {
            closeIfBodyUnread(request, response);
            sendReply(response, refuse(error.message));
          }
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
            where.startsWith("/paynet/api/") && replyFormOf(request.headers.accept, classicReplies) === "classic";
          if (classic) sendClassicReply(response, fault);
          else sendReply(response, fault);
        } else {
          response.destroy();
        }
      });
  };
}
