import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import { transactionReportOperation } from "@card-processing/types";

// Headers of one connection, not of the exchange: never passed on either way.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "proxy-authorization",
  "proxy-authenticate",
]);

// A browser's credentials for whatever else runs on the proxy's host (a sandbox's admin cookie, say):
// the gateway's API never reads them, and an upstream (a real gateway) must never see them. The
// API's own credential, `Authorization` (OAuth), is passed on.
const NOT_THE_APIS = new Set(["cookie", "cookie2"]);

/** The reply of the upstream gateway, read whole. */
export interface UpstreamReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Thrown when the upstream could not be reached or broke off before its reply's status line. */
export class UpstreamUnreachable extends Error {
  override readonly name = "UpstreamUnreachable";
}

/** Thrown when the upstream broke off in the middle of its reply: the client's connection is cut too. */
export class UpstreamBrokeOff extends Error {
  override readonly name = "UpstreamBrokeOff";
}

/** The headers of `headers` that are passed on, without the hop-by-hop ones. */
export function passedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== "host" && name !== "content-length")
      kept[name] = value;
  return kept;
}

/**
 * The headers of a request the proxy forwards: those {@link passedHeaders} keeps, without the
 * browser's cookies and without any header the request's `Connection` names as its own hop's.
 */
export function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const hop = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase()),
  );
  const kept = passedHeaders(headers);
  for (const name of Object.keys(kept)) if (NOT_THE_APIS.has(name) || hop.has(name)) delete kept[name];
  return kept;
}

/**
 * The upstream gateway: its base URL as a client is given it (`https://gateway.example/paynet`),
 * where a request under the proxy's `/paynet/` goes to the same path, and the transactions report
 * to the base's sibling `/paynet-ui/...`. One keep-alive agent, so requests reuse connections.
 */
export class Upstream {
  readonly base: URL;
  readonly #agent: http.Agent;
  readonly #preserveHost: boolean;

  constructor(base: URL, preserveHost: boolean) {
    this.base = base;
    this.#preserveHost = preserveHost;
    this.#agent =
      base.protocol === "https:" ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  }

  /**
   * The upstream URL for a request the proxy received at `pathname` (under `/paynet`) and
   * `search`: always on the upstream's origin. The path is set as a path, never resolved as a
   * reference, so `/paynet//other.example:8080/x` (a path of `//other.example...` under an
   * upstream without a path) cannot send the caller's `Authorization` and card data elsewhere.
   */
  target(pathname: string, search: string): URL {
    const basePath = this.base.pathname.replace(/\/$/, "");
    const report = `${transactionReportOperation.pathPrefix}${transactionReportOperation.path}`;
    const path =
      pathname === report
        ? `${basePath.slice(0, basePath.lastIndexOf("/"))}${report}`
        : `${basePath}${pathname.slice("/paynet".length)}`;
    const target = new URL(this.base.href);
    target.pathname = path;
    target.search = search;
    if (target.origin !== this.base.origin) throw new Error(`upstream target left ${this.base.origin}`);
    return target;
  }

  /** Sends one request and reads the whole reply. */
  send(target: URL, method: string, headers: IncomingHttpHeaders, body: Buffer): Promise<UpstreamReply> {
    const outgoing = forwardedHeaders(headers);
    outgoing["host"] = this.#preserveHost && headers.host !== undefined ? headers.host : target.host;
    if (body.length > 0 || method === "POST" || method === "PUT") outgoing["content-length"] = String(body.length);
    const transport = target.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(target, { method, headers: outgoing, agent: this.#agent });
      let answered = false;
      request.on("error", (error) =>
        reject(
          answered
            ? new UpstreamBrokeOff("the upstream broke off its reply")
            : new UpstreamUnreachable((error as NodeJS.ErrnoException).code ?? error.message),
        ),
      );
      request.on("response", (reply: IncomingMessage) => {
        answered = true;
        const chunks: Buffer[] = [];
        reply.on("data", (chunk: Buffer) => chunks.push(chunk));
        reply.on("aborted", () => reject(new UpstreamBrokeOff("the upstream broke off its reply")));
        reply.on("error", () => reject(new UpstreamBrokeOff("the upstream broke off its reply")));
        reply.on("end", () => {
          if (!reply.complete) reject(new UpstreamBrokeOff("the upstream broke off its reply"));
          else resolve({ status: reply.statusCode ?? 502, headers: reply.headers, body: Buffer.concat(chunks) });
        });
      });
      request.end(body);
    });
  }

  /** Closes the kept connections. */
  close(): void {
    this.#agent.destroy();
  }
}
