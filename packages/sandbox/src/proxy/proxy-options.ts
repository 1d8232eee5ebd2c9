/**
 * How to start the validation proxy: the upstream gateway it stands in front of, where it listens,
 * where its findings go, and the merchant keys that let it check signatures.
 *
 * @example
 * ```ts
 * import type { ProxyOptions } from "@card-processing/sandbox";
 * const options: ProxyOptions = {
 *   upstream: "https://sandbox.gateway.example/paynet",
 *   port: 8090,
 *   reportFile: "findings.jsonl",
 * };
 * ```
 */
export interface ProxyOptions {
  /** The gateway's base URL as a client is given it, ending in the API's prefix: `https://gateway.example/paynet`. */
  readonly upstream: string;
  /** Port to listen on (default 0: a free one). */
  readonly port?: number;
  /** Interface to listen on (default `127.0.0.1`). */
  readonly host?: string;
  /**
   * Names besides loopback and this machine's addresses that others reach the proxy by, as their
   * `Host` header says, without a port (`["host.docker.internal", "proxy"]`). The proxy answers 403
   * to any other `Host`, on every route and before forwarding anything, so a page elsewhere cannot
   * reach it through DNS rebinding.
   */
  readonly allowedHosts?: readonly string[];
  /** A file the findings are appended to, one JSON object a line. */
  readonly reportFile?: string;
  /** The merchant control key: checks `control` signatures and OAuth HMAC-SHA1. Never written anywhere. */
  readonly controlKey?: string;
  /** The merchant's PEM public key: checks OAuth RSA-SHA256 (v4) signatures. */
  readonly publicKey?: string;
  /** A directory to write a redacted transcript of each exchange to; without it nothing of the traffic is kept. */
  readonly recordDir?: string;
  /**
   * Send the client's `Host` header upstream instead of the upstream's own (default false). OAuth
   * signatures cover the address the client signed for, so an upstream that verifies them by its
   * `Host` (the sandbox does) needs this to see the proxy's address.
   */
  readonly preserveHost?: boolean;
  /**
   * The token the findings page and JSON require (`Authorization: Bearer TOKEN`, or `?token=` on
   * the page): 16 to 200 letters, digits, `.`, `_`, `~` or `-`. Listening beyond loopback, one is
   * generated when none is given (`proxy.adminToken`); on loopback without one, the page answers
   * only a `Host` that names the proxy. Requests forwarded to the upstream need none.
   */
  readonly adminToken?: string;
  /** Receives one line per exchange and per finding (default: none). */
  readonly logger?: (line: string) => void;
}

/** The upstream base URL of `options`, checked: an absolute http or https URL without user info. */
export function upstreamOf(options: ProxyOptions): URL {
  const url = URL.parse(options.upstream);
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new TypeError(
      `upstream: expected the gateway's http or https base URL, got ${JSON.stringify(options.upstream)}`,
    );
  if (url.username !== "" || url.password !== "")
    throw new TypeError("upstream: a URL with user info is not accepted (the proxy would pass the password on)");
  if (url.search !== "" || url.hash !== "")
    throw new TypeError(
      `upstream: expected a base URL without query or fragment, got ${JSON.stringify(options.upstream)}`,
    );
  return url;
}

/** The `allowedHosts` of `options`, checked: host names or IP addresses, without a port. */
export function allowedHostsOf(options: ProxyOptions): readonly string[] {
  for (const name of options.allowedHosts ?? [])
    if (!/^([A-Za-z0-9-]{1,63}\.)*[A-Za-z0-9-]{1,63}$|^\[?[0-9A-Fa-f.]*:[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*\]?$/.test(name))
      throw new TypeError(
        `allowedHosts: expected a host name or address without a port or path, got ${JSON.stringify(name.slice(0, 100))}`,
      );
  return options.allowedHosts ?? [];
}
