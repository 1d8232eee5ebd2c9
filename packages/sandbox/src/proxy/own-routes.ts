import type { IncomingMessage, ServerResponse } from "node:http";
import { adminTokenCookie } from "../server/admin/admin-access.js";
import type { FindingLog } from "./finding-log.js";
import { findingsPage } from "./findings-page.js";
import { PROXY_ADMIN_COOKIE, PROXY_PAGE, proxyAccessRefusal } from "./proxy-host.js";
import { sendText } from "./send-text.js";
import type { Upstream } from "./upstream.js";

/** What the proxy's own routes answer from: its access settings, its upstream and its findings. */
export interface OwnRoutes {
  readonly adminToken: string | undefined;
  readonly listenHost: string;
  readonly allowedHosts: readonly string[];
  readonly upstream: Upstream;
  readonly findings: FindingLog;
}

/**
 * Answers a request under {@link PROXY_PAGE}, which is never forwarded: the findings page and its
 * JSON behind the access rule, 404 to any other path there, 405 to any method but GET. A page
 * opened with `?token=` (compared with the admin token by the access rule, before anything else)
 * is sent to the address without it, and the cookie it sets holds the admin token, never what
 * the address said. Returns what the log line says of it.
 */
export function serveOwnRoute(request: IncomingMessage, response: ServerResponse, url: URL, own: OwnRoutes): string {
  const refusal = proxyAccessRefusal(request, url, own.adminToken, own.listenHost, own.allowedHosts);
  if (refusal !== undefined) {
    response.setHeader("www-authenticate", 'Bearer realm="card-processing validation proxy"');
    sendText(response, refusal.httpStatus, "text/plain; charset=utf-8", `validation proxy: ${refusal.message}\n`);
    return `${refusal.httpStatus} (proxy: ${refusal.httpStatus === 401 ? "no admin token" : "foreign Host"})`;
  }
  if (url.pathname !== PROXY_PAGE && url.pathname !== `${PROXY_PAGE}/findings`) {
    sendText(
      response,
      404,
      "text/plain; charset=utf-8",
      `validation proxy: no page here; the findings are at ${PROXY_PAGE}\n`,
    );
    return "404 (proxy: no such page)";
  }
  if (request.method !== "GET") {
    response.setHeader("allow", "GET");
    sendText(response, 405, "text/plain; charset=utf-8", `validation proxy: ${PROXY_PAGE} is read with GET\n`);
    return "405 (proxy page)";
  }
  if (url.pathname === PROXY_PAGE && url.searchParams.has("token")) {
    response.writeHead(303, {
      location: PROXY_PAGE,
      ...(own.adminToken === undefined
        ? {}
        : { "set-cookie": adminTokenCookie(PROXY_ADMIN_COOKIE, own.adminToken, PROXY_PAGE, false) }),
      "cache-control": "no-store",
    });
    response.end();
    return "303 (proxy page: token kept in a cookie)";
  }
  const base = own.upstream.base.href;
  if (url.pathname === PROXY_PAGE) {
    sendText(response, 200, "text/html; charset=utf-8", findingsPage(base, own.findings.list(), own.findings.counts()));
    return "200 (proxy page)";
  }
  const json = JSON.stringify({ upstream: base, counts: own.findings.counts(), findings: own.findings.list() });
  sendText(response, 200, "application/json; charset=utf-8", json);
  return "200 (proxy findings)";
}
