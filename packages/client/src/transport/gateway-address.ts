import { usageError } from "../errors/usage-error.js";

/** Time allowed for each reply unless `timeoutMs` says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** True for a loopback host as the URL parser writes it: 127.0.0.0/8, `[::1]`, `localhost`. */
function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * A gateway address (`baseUrl`, or the transactions report's `reportUrl`) as a URL, refused
 * (without repeating it) unless it is https, or http on loopback, or http anywhere with
 * `allowInsecureHttp`: card data and signed requests must not cross a network in clear.
 */
export function checkGatewayAddress(baseUrl: unknown, allowInsecureHttp: unknown, field = "baseUrl"): URL {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === "string" ? new URL(baseUrl) : undefined;
  } catch {
    // The parser's message quotes the address, which may hold a password: not passed on.
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw usageError(
      "ERR_OPTION_INVALID",
      field,
      "expected an http(s) address such as https://sandbox.gateway.example/paynet",
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw usageError(
      "ERR_OPTION_INVALID",
      field,
      "must not hold user info (user:password@); the gateway authenticates by signature",
    );
  }
  if (allowInsecureHttp !== undefined && typeof allowInsecureHttp !== "boolean") {
    throw usageError("ERR_OPTION_INVALID", "allowInsecureHttp", "expected true or false");
  }
  if (url.protocol === "http:" && !isLoopback(url.hostname) && allowInsecureHttp !== true) {
    throw usageError(
      "ERR_OPTION_INVALID",
      field,
      "expected an https address: card data must not cross a network unencrypted (http is taken on " +
        "loopback only: 127.0.0.0/8, [::1], localhost); for a private network you vouch for, pass allowInsecureHttp: true",
    );
  }
  return url;
}
