import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isLoopback } from "../../engine/values/loopback-host.js";
import { requestScheme } from "../api/request-scheme.js";

/**
 * The sandbox's admin cookie: it carries the admin token for the dashboard page and its requests.
 * It is set twice, once for each of {@link SANDBOX_ADMIN_PATHS}, so a browser sends it to the
 * admin routes and the dashboard and to nothing else under `/paynet` (not to the API, nor to a
 * validation proxy on the same host, whose own cookie has another name).
 */
export const SANDBOX_ADMIN_COOKIE = "card_processing_sandbox_admin";

/** The paths the sandbox's admin cookie is scoped to: the admin routes and the dashboard. */
export const SANDBOX_ADMIN_PATHS = ["/paynet/_admin", "/paynet/_dashboard"] as const;

/** The cookie earlier versions kept the token in, scoped to all of `/paynet`: cleared when the page sets the new ones. */
export const FORMER_ADMIN_COOKIE = "card_processing_admin_token";

/**
 * The admin token the sandbox requires: the given one, else one generated when it listens beyond
 * loopback or is reached at a `publicUrl` (the one `kept` from a run before, when its data
 * directory kept one, so a restart does not lock out whoever holds it), else none (on 127.0.0.1
 * with no `publicUrl` the admin routes and the dashboard are open). A `publicUrl` means others
 * reach the sandbox, usually through a reverse proxy on this machine, whose requests name
 * loopback in their `Host` (nginx's default `proxy_pass` sends `Host: 127.0.0.1:PORT`): the Host
 * rule cannot tell them from the developer's own.
 */
export function adminTokenFor(
  host: string,
  given: string | undefined,
  kept?: string,
  publicUrl?: string,
): string | undefined {
  if (given !== undefined) {
    if (!/^[A-Za-z0-9._~-]{16,200}$/.test(given)) {
      throw new TypeError("adminToken: expected 16 to 200 characters of letters, digits, '.', '_', '~' or '-'");
    }
    return given;
  }
  if (isLoopback(host) && publicUrl === undefined) return undefined;
  return kept ?? randomBytes(24).toString("hex");
}

/** Why an admin or dashboard request is refused: HTTP status and a message saying what to do. */
export interface AccessRefusal {
  readonly httpStatus: 401 | 403;
  readonly message: string;
}

/**
 * The `Set-Cookie` value that keeps an admin token for a page's later requests (the dashboard's,
 * the proxy's findings page): cookie `name`, scoped to `path`, HttpOnly, same-site only, and over
 * https Secure too, so a browser never sends it in plain text.
 */
export function adminTokenCookie(name: string, token: string, path: string, secure: boolean): string {
  return `${name}=${encodeURIComponent(token)}; Path=${path}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/** Whether a presented token is `token`, compared in constant time. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** Where a token may be presented besides `Authorization: Bearer`: the page that takes `?token=`, and the cookie. */
export interface TokenPlaces {
  /** The page that takes `?token=` (the dashboard, or the validation proxy's findings page). */
  readonly page: string;
  /** The cookie's name. */
  readonly cookie: string;
}

const DASHBOARD_PLACES: TokenPlaces = { page: "/paynet/_dashboard", cookie: SANDBOX_ADMIN_COOKIE };

/**
 * The token a request presents. A `?token=` on the page comes first: it is what the user means to
 * open the page with, so a wrong one is refused even when a valid cookie or header comes with it.
 * Otherwise `Authorization: Bearer`, then the cookie.
 */
export function presentedToken(
  request: IncomingMessage,
  url: URL,
  places: TokenPlaces = DASHBOARD_PLACES,
): string | undefined {
  const query = url.pathname === places.page ? url.searchParams.get("token") : null;
  if (query !== null) return query;
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim();
  return bearer ?? cookieValue(request.headers.cookie, places.cookie);
}

/**
 * The access rule of the admin routes and the dashboard, or `undefined` when `request` may go on.
 * With a token, every request must present it. Without one (loopback), the Host must name
 * loopback, so a page on another site cannot reach the sandbox through DNS rebinding. Any request
 * but a GET or HEAD (POST, PUT, PATCH, DELETE...) from a browser must come from the sandbox's own
 * origin (`Origin` equal to the scheme and Host, `Sec-Fetch-Site: same-origin`), so another site
 * cannot press the dashboard's buttons nor empty the faults' list. The
 * origin of `baseUrl` (the sandbox's `publicUrl`, say, behind a proxy that takes https) is its own too.
 */
export function accessRefusal(
  request: IncomingMessage,
  url: URL,
  token: string | undefined,
  baseUrl: string,
): AccessRefusal | undefined {
  const host = request.headers.host ?? "";
  const scheme = requestScheme(request);
  if (token === undefined) {
    const name = host.replace(/:[0-9]+$/, "");
    if (!isLoopback(name))
      return {
        httpStatus: 403,
        message: `Host ${JSON.stringify(host)} is not this sandbox's loopback address; use ${scheme}://127.0.0.1`,
      };
  } else {
    const presented = presentedToken(request, url);
    if (presented === undefined || !sameText(presented, token)) {
      return {
        httpStatus: 401,
        message:
          "this sandbox listens beyond loopback: send the admin token printed at startup (Authorization: Bearer TOKEN), or open /paynet/_dashboard?token=TOKEN",
      };
    }
  }
  const method = request.method ?? "GET";
  if (method !== "GET" && method !== "HEAD") {
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin")
      return { httpStatus: 403, message: `cross-site ${method} refused (Sec-Fetch-Site: ${site})` };
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `${scheme}://${host}` && origin !== URL.parse(baseUrl)?.origin)
      return {
        httpStatus: 403,
        message: `cross-origin ${method} refused (Origin ${origin} is not ${scheme}://${host})`,
      };
  }
  return undefined;
}

/** Writes an access refusal as JSON with its status (401 or 403). */
export function sendAccessRefusal(response: ServerResponse, refusal: AccessRefusal): void {
  const text = JSON.stringify({ type: "error", "error-message": refusal.message });
  response.writeHead(refusal.httpStatus, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...(refusal.httpStatus === 401 ? { "www-authenticate": 'Bearer realm="card-processing sandbox admin"' } : {}),
  });
  response.end(text);
}
