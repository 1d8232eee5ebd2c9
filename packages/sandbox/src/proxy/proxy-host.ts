import type { IncomingMessage } from "node:http";
import { networkInterfaces } from "node:os";
import { isLoopback } from "../engine/values/loopback-host.js";
import { presentedToken, sameText, type TokenPlaces } from "../server/admin/admin-access.js";

/** The proxy's own routes: the findings page and its JSON. */
export const PROXY_PAGE = "/paynet/_proxy";

/**
 * The proxy's admin cookie: it carries the admin token for the findings page's link to its JSON.
 * Its name is not the sandbox's, and it is scoped to {@link PROXY_PAGE}, so a sandbox on the same
 * host never receives it, nor the proxy the sandbox's.
 */
export const PROXY_ADMIN_COOKIE = "card_processing_proxy_admin";

const PROXY_TOKEN_PLACES: TokenPlaces = { page: PROXY_PAGE, cookie: PROXY_ADMIN_COOKIE };

/** `name` as a Host header writes it: an IPv6 address in brackets, lower case. */
function asHostName(name: string): string {
  return (name.includes(":") && !name.startsWith("[") ? `[${name}]` : name).toLowerCase();
}

/**
 * Whether a request's `Host` names the proxy: loopback, the interface it listens on, or, listening
 * on every interface, one of this machine's addresses; or one of `allowedHosts`, the names the
 * proxy was told others reach it by (`--allow-host`). Any other name is a page elsewhere reaching
 * the proxy through DNS rebinding, which the proxy refuses with 403, for its own routes and for
 * every request it would forward, as the sandbox refuses it on its admin routes.
 */
export function namesProxy(
  host: string | undefined,
  listenHost: string,
  allowedHosts: readonly string[] = [],
): boolean {
  const name = asHostName((host ?? "").replace(/:[0-9]+$/, ""));
  if (isLoopback(name)) return true;
  if (allowedHosts.some((allowed) => asHostName(allowed) === name)) return true;
  if (listenHost !== "0.0.0.0" && listenHost !== "::") return name === asHostName(listenHost);
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .some((address) => asHostName(address.address) === name);
}

/** The message of a 403 to a `Host` that does not name the proxy. */
export function foreignHostMessage(host: string | undefined): string {
  return `Host ${JSON.stringify(host ?? "")} does not name this proxy; use http://127.0.0.1, or start the proxy with --allow-host NAME (allowedHosts) for a name others reach it by`;
}

/**
 * Why a request for the proxy's own routes is refused (HTTP status and message), or `undefined`
 * when it may go on. With a token (the proxy listens beyond loopback, or was given one) the
 * request must present it: a `?token=` on the page first (a wrong one is refused even with a
 * valid cookie), else `Authorization: Bearer` or the proxy's cookie. Without one, its `Host` must
 * name the proxy ({@link namesProxy}).
 */
export function proxyAccessRefusal(
  request: IncomingMessage,
  url: URL,
  token: string | undefined,
  listenHost: string,
  allowedHosts: readonly string[] = [],
): { readonly httpStatus: 401 | 403; readonly message: string } | undefined {
  if (token === undefined)
    return namesProxy(request.headers.host, listenHost, allowedHosts)
      ? undefined
      : { httpStatus: 403, message: foreignHostMessage(request.headers.host) };
  const presented = presentedToken(request, url, PROXY_TOKEN_PLACES);
  if (presented !== undefined && sameText(presented, token)) return undefined;
  return {
    httpStatus: 401,
    message: `this proxy listens beyond loopback: send the admin token printed at startup (Authorization: Bearer TOKEN), or open ${PROXY_PAGE}?token=TOKEN`,
  };
}
