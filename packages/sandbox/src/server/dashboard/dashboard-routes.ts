import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { ChangeFeed } from "../../engine/events/change-feed.js";
import {
  adminTokenCookie,
  FORMER_ADMIN_COOKIE,
  SANDBOX_ADMIN_COOKIE,
  SANDBOX_ADMIN_PATHS,
} from "../admin/admin-access.js";
import { requestScheme } from "../api/request-scheme.js";
import { openEventStream } from "./dashboard-events.js";
import { dashboardPage } from "./dashboard-page.js";

/** Sends the dashboard page under a policy that lets it run its own inline code and reach only this sandbox. */
function sendDashboard(response: ServerResponse): void {
  const nonce = randomBytes(16).toString("base64");
  const html = dashboardPage(nonce);
  response.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
  response.end(html);
}

/**
 * The cookies that keep the admin `token` for the dashboard: the sandbox's admin cookie on each of
 * its two paths, and the former cookie (scoped to all of `/paynet`) cleared.
 */
function tokenCookies(token: string, secure: boolean): string[] {
  return [
    `${FORMER_ADMIN_COOKIE}=; Path=/paynet; Max-Age=0; HttpOnly; SameSite=Strict`,
    ...SANDBOX_ADMIN_PATHS.map((path) => adminTokenCookie(SANDBOX_ADMIN_COOKIE, token, path, secure)),
  ];
}

/**
 * The dashboard's routes, after the access rule let the request through (a `?token=` on the page
 * was compared with the admin token first): the page at `GET /paynet/_dashboard` and its event
 * stream at `GET /paynet/_dashboard/events`. A page opened with `?token=` is sent to the address
 * without it, so the token stays out of the history and the address bar; with an admin token
 * (`adminToken`), the answer sets it, and only it, as a same-site cookie. Returns the HTTP status,
 * or `undefined` for a path that is not the dashboard's.
 */
export function dashboardRoute(
  changes: ChangeFeed,
  adminToken: string | undefined,
  method: string,
  url: URL,
  response: ServerResponse,
): number | undefined {
  const path = url.pathname;
  if (path !== "/paynet/_dashboard" && path !== "/paynet/_dashboard/events") return undefined;
  if (method !== "GET") {
    response.writeHead(405, { allow: "GET", "content-type": "text/plain; charset=utf-8" });
    response.end(`${method} is not allowed here: the dashboard is read with GET\n`);
    return 405;
  }
  if (path === "/paynet/_dashboard/events") {
    openEventStream(changes, response);
    return 200;
  }
  if (url.searchParams.has("token")) {
    response.writeHead(303, {
      location: "/paynet/_dashboard",
      ...(adminToken === undefined
        ? {}
        : { "set-cookie": tokenCookies(adminToken, requestScheme(response.req) === "https") }),
      "cache-control": "no-store",
    });
    response.end();
    return 303;
  }
  sendDashboard(response);
  return 200;
}
