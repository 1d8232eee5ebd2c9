import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, type Gateway } from "@card-processing/client";
import { afterAll, beforeAll } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";

/** What the load balancer does to the next request whose path holds `path`. */
export interface LoadBalancerRule {
  readonly path: string;
  /** The status of its own reply, sent in place of the gateway's. */
  readonly status: number;
  /**
   * Its own body: an HTML page, nothing, or the gateway's JSON reply padded far past any reply
   * (64 MiB, streamed chunked: a reply the client could read whole would be taken as the answer).
   */
  readonly body: "html" | "empty" | "huge";
  /** Whether it forwards the request to the gateway first (which then acts on it) or answers at once. */
  readonly forward: boolean;
}

/** A load balancer on 127.0.0.1 in front of a gateway, that answers some requests itself. */
export interface LoadBalancer {
  /** The gateway's address through it, with the upstream's path (`http://127.0.0.1:PORT/paynet`). */
  readonly url: string;
  /** The path of every request it received, oldest first. */
  readonly paths: string[];
  /** The bytes each `huge` body got written before its client went away, oldest first. */
  readonly streamed: number[];
  /** Answers the next request whose path holds `rule.path` with its own page. */
  next(rule: LoadBalancerRule): void;
  close(): Promise<void>;
}

/** Sends the request on to `origin` as received (its `Host` too, which a signature may cover); `undefined` when the connection breaks. */
function forward(
  origin: string,
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<{ status: number; type: string | undefined; text: string } | undefined> {
  return new Promise((resolve) => {
    const out = httpRequest(`${origin}${path}`, { method, headers }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on("data", (chunk: Buffer) => chunks.push(chunk));
      reply.on("end", () =>
        resolve({
          status: reply.statusCode ?? 502,
          type: reply.headers["content-type"],
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      reply.on("error", () => resolve(undefined));
    });
    out.on("error", () => resolve(undefined));
    out.end(body);
  });
}

const HUGE_BYTES = 64 * 1024 * 1024;
const hugeChunk = Buffer.alloc(64 * 1024, "A");

/**
 * Streams `reply` (a JSON object's text) with a `padding` key of 64 MiB, waiting for each chunk to
 * drain; resolves with the bytes written before the client went away.
 */
async function streamHuge(response: ServerResponse, reply: string): Promise<number> {
  let written = 0;
  const open = reply.slice(0, reply.lastIndexOf("}"));
  response.write(`${open}${open.trim() === "{" ? "" : ","}"padding":"`);
  while (written < HUGE_BYTES && !response.destroyed) {
    written += hugeChunk.byteLength;
    if (!response.write(hugeChunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off("drain", done);
          response.off("close", done);
          resolve();
        };
        response.on("drain", done);
        response.on("close", done);
      });
    }
  }
  if (!response.destroyed) response.end('"}');
  return written;
}

const page = (status: number) =>
  `<html><head><title>${status}</title></head><body><h1>${status}</h1><p>load balancer</p></body></html>`;

/**
 * Starts a load balancer that forwards every request to `upstream` (method, path, headers and
 * body as received) and passes its reply back, except for requests a queued rule names: those it
 * answers with its own status and page, or a body far too large (after forwarding them when the
 * rule says so). A request
 * whose upstream connection breaks has its own connection broken too.
 */
export async function startLoadBalancer(upstream: string): Promise<LoadBalancer> {
  const origin = new URL(upstream).origin;
  const rules: LoadBalancerRule[] = [];
  const paths: string[] = [];
  const streamed: number[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = request.url ?? "/";
    paths.push(path);
    const index = rules.findIndex((r) => path.includes(r.path));
    const rule = index === -1 ? undefined : rules.splice(index, 1)[0];
    let passed: { status: number; type: string | undefined; text: string } | undefined;
    if (rule === undefined || rule.forward) {
      passed = await forward(origin, request.method ?? "GET", path, request.headers, Buffer.concat(chunks));
      if (passed === undefined) {
        request.socket.destroy();
        return;
      }
    }
    if (rule?.body === "huge") {
      response.writeHead(rule.status, { "content-type": "application/vnd.pay+json" });
      streamed.push(await streamHuge(response, passed?.text ?? "{}"));
      return;
    }
    if (rule !== undefined) {
      const text = rule.body === "html" ? page(rule.status) : "";
      response.writeHead(rule.status, rule.body === "html" ? { "content-type": "text/html" } : {});
      response.end(text);
      return;
    }
    const reply = passed as NonNullable<typeof passed>;
    response.writeHead(reply.status, reply.type === undefined ? {} : { "content-type": reply.type });
    response.end(reply.text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${new URL(upstream).pathname}`,
    paths,
    streamed,
    next: (rule) => void rules.push(rule),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A sandbox behind a load balancer, and a gateway that calls it through the balancer. */
export interface BehindBalancer {
  readonly sandbox: Sandbox;
  readonly balancer: LoadBalancer;
  readonly gateway: Gateway;
  close(): Promise<void>;
}

/**
 * Starts a sandbox (no settlement, so orders stay as the test leaves them), a load balancer in
 * front of it, and a gateway configured with the balancer's address and the sandbox's keys.
 */
export async function startBehindBalancer(timeoutMs: number): Promise<BehindBalancer> {
  const sandbox = await startSandbox({ latencyMs: 10, settleDelayMs: Infinity, logger: () => {} });
  const balancer = await startLoadBalancer(sandbox.url);
  const gateway = createGateway({
    baseUrl: balancer.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    timeoutMs,
    polling: { firstDelayMs: [10, 20], giveUpAfterUnchangedMs: 5_000 },
  });
  return {
    sandbox,
    balancer,
    gateway,
    async close() {
      await balancer.close();
      await sandbox.close();
    },
  };
}

/**
 * Starts {@link startBehindBalancer} before the calling file's first test and closes it after its
 * last; read its fields in tests and helpers, not at import.
 */
export function behindBalancerForFile(timeoutMs: number): Omit<BehindBalancer, "close"> {
  let behind: BehindBalancer | undefined;
  beforeAll(async () => {
    behind = await startBehindBalancer(timeoutMs);
  });
  afterAll(() => behind?.close());
  const started = (): BehindBalancer => {
    if (behind === undefined) throw new Error("the file's sandbox is read before its beforeAll hook started it");
    return behind;
  };
  return {
    get sandbox() {
      return started().sandbox;
    },
    get balancer() {
      return started().balancer;
    },
    get gateway() {
      return started().gateway;
    },
  };
}

/** The requests of `operation` the sandbox received for an order and answered 200: the ones that took effect. */
export function appliedRequests(
  sandbox: Sandbox,
  operation: string,
  match: { client_orderid?: string; orderid?: string },
): number {
  return sandbox.requests({ ...match, operation }).filter((r) => r.http_status === 200).length;
}
