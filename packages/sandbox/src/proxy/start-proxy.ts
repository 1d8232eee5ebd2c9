import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { matchOperationPath, transactionReportOperation } from "@card-processing/types";
import { adminTokenFor } from "../server/admin/admin-access.js";
import { acceptsPayJson } from "../server/api/classic-reply.js";
import { BodyError, readBodyBytes } from "../server/api/form-body.js";
import { closeGracefully } from "../server/graceful-close.js";
import { secureDataDir } from "../store/data-dir-safety.js";
import { RequestValidator } from "../validation/request-validator.js";
import { lastRecordedSequence, recordExchange } from "./exchange-record.js";
import type { FindingDraft, ProxyFinding } from "./finding.js";
import { FindingLog } from "./finding-log.js";
import { serveOwnRoute } from "./own-routes.js";
import { foreignHostMessage, namesProxy, PROXY_PAGE } from "./proxy-host.js";
import { allowedHostsOf, type ProxyOptions, upstreamOf } from "./proxy-options.js";
import { checkReply } from "./reply-check.js";
import { checkReportRequest } from "./report-request-check.js";
import { requestAssumptionFindings } from "./request-assumptions.js";
import { checkRequest, type ProxyKeys } from "./request-check.js";
import { sendText } from "./send-text.js";
import { specOperationOf, transactionReportSpec } from "./spec-operation.js";
import { isToolRoute } from "./tool-route.js";
import { passedHeaders, Upstream, UpstreamBrokeOff, type UpstreamReply, UpstreamUnreachable } from "./upstream.js";

/**
 * A running validation proxy: its address (give it to the shop as the gateway's base URL), the
 * findings so far, and `close()`.
 *
 * @example
 * ```ts
 * import { startProxy, type ValidationProxy } from "@card-processing/sandbox";
 * const proxy: ValidationProxy = await startProxy({ upstream: "https://sandbox.gateway.example/paynet" });
 * console.log(proxy.url, proxy.findings().length);
 * await proxy.close();
 * ```
 */
export interface ValidationProxy {
  /** Base address with the `/paynet` prefix: `http://127.0.0.1:PORT/paynet`. */
  readonly url: string;
  readonly port: number;
  /** The upstream gateway's base URL. */
  readonly upstream: string;
  /** The token the findings page and JSON require: the one given, or one generated when the proxy listens beyond loopback; `undefined` on loopback. */
  readonly adminToken: string | undefined;
  /** The latest findings (up to 1000), oldest first; the report file has every one. */
  findings(): readonly ProxyFinding[];
  /** Every finding counted by operation and rule. */
  counts(): Record<string, Record<string, number>>;
  /** The counts as text, as the CLI prints them when the proxy stops. */
  summary(): string;
  /** Waits until the findings of every exchange answered so far are written. */
  settled(): Promise<void>;
  /** Stops listening, lets requests in flight finish (up to `graceMs`, default 0), closes the report. */
  close(options?: { readonly graceMs?: number }): Promise<void>;
}

const REPORT_PATH = `${transactionReportOperation.pathPrefix}${transactionReportOperation.path}`;

/** The reply's text as the checks read it: decoded from its content encoding, as UTF-8. */
function replyText(reply: UpstreamReply): string {
  const encoding = String(reply.headers["content-encoding"] ?? "").toLowerCase();
  try {
    const body =
      encoding === "gzip"
        ? gunzipSync(reply.body)
        : encoding === "deflate"
          ? inflateSync(reply.body)
          : encoding === "br"
            ? brotliDecompressSync(reply.body)
            : reply.body;
    return body.toString("utf8");
  } catch {
    return reply.body.toString("utf8");
  }
}

/**
 * Starts the validation proxy: it forwards every request under `/paynet/` to the same path under
 * `upstream` (and the transactions report to the upstream's sibling `/paynet-ui/` path), answers
 * with the upstream's reply unchanged, and checks each exchange against the spec. Each departure
 * is a finding (`findings()`, `GET /paynet/_proxy/findings`, the page `/paynet/_proxy`, one JSON
 * line of `reportFile`); evidence about the spec's `x-assumed` facts is reported too.
 *
 * @example
 * ```ts
 * import { startProxy } from "@card-processing/sandbox";
 * const proxy = await startProxy({ upstream: "https://sandbox.gateway.example/paynet", reportFile: "findings.jsonl" });
 * // Point the shop's gateway base URL at proxy.url, run its flows, then read proxy.findings().
 * await proxy.close();
 * ```
 */
export async function startProxy(options: ProxyOptions): Promise<ValidationProxy> {
  const upstream = new Upstream(upstreamOf(options), options.preserveHost === true);
  const host = options.host ?? "127.0.0.1";
  const allowedHosts = allowedHostsOf(options);
  const adminToken = adminTokenFor(host, options.adminToken);
  const log = options.logger ?? (() => {});
  const keys: ProxyKeys = { controlKey: options.controlKey, publicKey: options.publicKey };
  const recordDir = options.recordDir;
  if (recordDir !== undefined) {
    mkdirSync(recordDir, { recursive: true, mode: 0o700 });
    secureDataDir(recordDir, "recordDir");
  }
  const findings = new FindingLog(options.reportFile);
  const validator = new RequestValidator();
  const pending = new Set<Promise<void>>();
  let sequence = recordDir === undefined ? 0 : lastRecordedSequence(recordDir);

  /** Checks one exchange after its reply has gone to the client, so the checks add nothing to it. */
  async function check(request: IncomingMessage, body: Buffer, url: URL, reply: UpstreamReply): Promise<void> {
    const at = new Date();
    const method = request.method ?? "GET";
    const text = replyText(reply);
    const contentType = String(reply.headers["content-type"] ?? "");
    const form = acceptsPayJson(request.headers.accept) ? "json" : "classic";
    let operation: string;
    const drafts: FindingDraft[] = [];
    if (url.pathname === REPORT_PATH) {
      const spec = transactionReportSpec();
      operation = spec.operationId;
      drafts.push(...checkReportRequest(method, url.searchParams));
      drafts.push(...checkReply(spec, { status: reply.status, contentType, text, form: "json" }).findings);
    } else {
      const matched = matchOperationPath(url.pathname);
      if (matched === undefined) {
        operation = url.pathname.slice(0, 100);
        drafts.push({
          direction: "request",
          rule: "unknown-operation",
          specFile: "spec/openapi.yaml",
          message: `the spec has no operation at ${url.pathname.slice(0, 100)}; the gateway answered HTTP ${reply.status}. Spec file: spec/openapi.yaml`,
        });
      } else {
        const spec = specOperationOf(matched.entry);
        operation = spec.operationId;
        const seenRequest = await checkRequest(
          matched.entry,
          {
            method,
            url: `http://${request.headers.host ?? "127.0.0.1"}${request.url ?? ""}`,
            endpointId: matched.endpointId,
            text: body.toString("utf8"),
            authorization: request.headers.authorization,
          },
          validator,
          keys,
        );
        const seenReply = checkReply(spec, { status: reply.status, contentType, text, form });
        drafts.push(
          ...seenRequest.findings,
          ...seenReply.findings,
          ...requestAssumptionFindings(matched.entry, seenRequest, seenReply),
        );
      }
    }
    const added = findings.add(operation, drafts, at);
    for (const finding of added)
      log(
        `${finding.kind === "evidence" ? "evidence" : "finding"} ${finding.operation} ${finding.direction} ${finding.rule}${finding.field === undefined ? "" : ` ${finding.field}`}: ${finding.message}`,
      );
    sequence += 1;
    if (recordDir !== undefined)
      await recordExchange(recordDir, {
        sequence,
        at,
        operation,
        method,
        target: request.url ?? "",
        requestContentType: request.headers["content-type"],
        requestAccept: request.headers.accept,
        requestText: body.toString("utf8"),
        status: reply.status,
        replyContentType: contentType,
        replyText: text,
        findings: added,
      });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<string> {
    const url = URL.parse(request.url ?? "/", "http://proxy.invalid");
    if (url === null) {
      sendText(response, 400, "text/plain; charset=utf-8", "validation proxy: the request target is not a valid URL\n");
      return "400 (proxy: target not a URL)";
    }
    if (url.pathname === PROXY_PAGE || url.pathname.startsWith(`${PROXY_PAGE}/`))
      return serveOwnRoute(request, response, url, { adminToken, listenHost: host, allowedHosts, upstream, findings });
    if (!namesProxy(request.headers.host, host, allowedHosts)) {
      sendText(
        response,
        403,
        "text/plain; charset=utf-8",
        `validation proxy: ${foreignHostMessage(request.headers.host)}; not forwarded\n`,
      );
      return "403 (proxy: foreign Host, not forwarded)";
    }
    if (isToolRoute(url.pathname)) {
      sendText(
        response,
        403,
        "text/plain; charset=utf-8",
        `validation proxy: this path is not the gateway API's: a sandbox's admin routes and dashboard are reached at the sandbox's own address, and this proxy's findings at ${PROXY_PAGE}; not forwarded\n`,
      );
      return "403 (proxy: a tool's own route, not forwarded)";
    }
    if (!url.pathname.startsWith("/paynet/") && url.pathname !== REPORT_PATH) {
      sendText(
        response,
        404,
        "text/plain; charset=utf-8",
        `Not found. The validation proxy forwards /paynet/... to ${upstream.base.href}\n`,
      );
      return "404 (proxy: outside /paynet/)";
    }
    let body: Buffer;
    try {
      // The sandbox's limit: no request of the spec is larger, and nothing larger is forwarded.
      body = await readBodyBytes(request);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      response.setHeader("connection", "close");
      sendText(response, 413, "text/plain; charset=utf-8", `validation proxy: ${error.message}; not forwarded\n`);
      return `413 (proxy: ${error.message})`;
    }
    let reply: UpstreamReply;
    try {
      reply = await upstream.send(
        upstream.target(url.pathname, url.search),
        request.method ?? "GET",
        request.headers,
        body,
      );
    } catch (error) {
      if (error instanceof UpstreamUnreachable) {
        sendText(
          response,
          502,
          "text/plain; charset=utf-8",
          `validation proxy: could not reach the upstream gateway at ${upstream.base.origin} (${error.message}); no reply to pass on\n`,
        );
        return `502 (upstream unreachable: ${error.message})`;
      }
      if (error instanceof UpstreamBrokeOff) {
        response.destroy();
        return "- (upstream broke off its reply; connection cut)";
      }
      throw error;
    }
    response.writeHead(reply.status, { ...passedHeaders(reply.headers), "content-length": reply.body.length });
    response.end(reply.body);
    const checked = check(request, body, url, reply).catch((error: unknown) =>
      log(`proxy: checking ${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    pending.add(checked);
    void checked.finally(() => pending.delete(checked));
    return String(reply.status);
  }

  const server = createServer((request, response) => {
    const started = performance.now();
    const where = (request.url ?? "").split("?")[0] ?? "";
    handle(request, response)
      .then((summary) =>
        log(`${request.method ?? "?"} ${where} ${summary} (${(performance.now() - started).toFixed(1)} ms)`),
      )
      .catch((error: unknown) => {
        log(`${request.method ?? "?"} ${where} proxy error: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent)
          sendText(
            response,
            502,
            "text/plain; charset=utf-8",
            "validation proxy: the request could not be forwarded\n",
          );
        else response.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/paynet`,
    port,
    adminToken,
    upstream: upstream.base.href,
    findings: () => findings.list(),
    counts: () => findings.counts(),
    summary: () => findings.summary(),
    settled: async () => {
      await Promise.all([...pending]);
    },
    close: async (closeOptions) => {
      await closeGracefully(server, closeOptions?.graceMs ?? 0);
      await Promise.all([...pending]);
      upstream.close();
      await findings.close();
    },
  };
}
