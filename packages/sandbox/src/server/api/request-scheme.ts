import type { IncomingMessage } from "node:http";
import { TLSSocket } from "node:tls";

/** `"https"` when `request` came over TLS (a sandbox started with `tls`), else `"http"`. */
export function requestScheme(request: IncomingMessage): "http" | "https" {
  return request.socket instanceof TLSSocket ? "https" : "http";
}

/**
 * The address `request` was sent to, as its sender wrote it: what an OAuth signature covers. A
 * request whose Host is that of `baseUrl` (the sandbox's own address, its `publicUrl` when given)
 * was sent to `baseUrl`'s scheme: a proxy in front may take https and pass it on as http.
 */
export function requestAddress(request: IncomingMessage, baseUrl: string): string {
  const host = request.headers.host ?? "127.0.0.1";
  const base = URL.parse(baseUrl);
  const scheme = base !== null && base.host === host ? base.protocol.slice(0, -1) : requestScheme(request);
  return `${scheme}://${host}${request.url ?? ""}`;
}
