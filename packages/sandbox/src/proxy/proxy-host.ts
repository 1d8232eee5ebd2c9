import type { IncomingMessage } from "node:http";
import { networkInterfaces } from "node:os";
import { isLoopback } from "../engine/values/loopback-host.js";
import { presentedToken, sameText } from "../server/admin/admin-access.js";

/** The proxy's own routes: the findings page and its JSON. */
export const PROXY_PAGE = "/paynet/_proxy";

/** `name` as a Host header writes it: an IPv6 address in brackets, lower case. */
function asHostName(name: string): string {
  return (name.includes(":") && !name.startsWith("[") ? `[${name}]` : name).toLowerCase();
}

/**
 * Whether a request's `Host` names the proxy, for its own routes (the findings page and JSON):
 * loopback, the interface it listens on, or, listening on every interface, one of this machine's
 * addresses. Any other name is a page elsewhere reaching the proxy through DNS rebinding, which
 * the proxy refuses with 403 as the sandbox refuses it on its admin routes.
 */
export function namesProxy(host: string | undefined, listenHost: string): boolean {
  const name = asHostName((host ?? "").replace(/:[0-9]+$/, ""));
  if (isLoopback(name)) return true;
  if (listenHost !== "0.0.0.0" && listenHost !== "::") return name === asHostName(listenHost);
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .some((address) => asHostName(address.address) === name);
}

/**
 * Why a request for the proxy's own routes is refused (HTTP status and message), or `undefined`
 * when it may go on. With a token (the proxy listens beyond loopback, or was given one) the
 * request must present it: `Authorization: Bearer`, or `?token=` on the page. Without one, its
 * `Host` must name the proxy ({@link namesProxy}).
 */
export function proxyAccessRefusal(
  request: IncomingMessage,
  url: URL,
  token: string | undefined,
  listenHost: string,
): { readonly httpStatus: 401 | 403; readonly message: string } | undefined {
  if (token === undefined)
    return namesProxy(request.headers.host, listenHost)
      ? undefined
      : {
          httpStatus: 403,
          message: `Host ${JSON.stringify(request.headers.host ?? "")} does not name this proxy; use http://127.0.0.1`,
        };
  const presented = presentedToken(request, url, PROXY_PAGE);
  if (presented !== undefined && sameText(presented, token)) return undefined;
  return {
    httpStatus: 401,
    message: `this proxy listens beyond loopback: send the admin token printed at startup (Authorization: Bearer TOKEN), or open ${PROXY_PAGE}?token=TOKEN`,
  };
}
