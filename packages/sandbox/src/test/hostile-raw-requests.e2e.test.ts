import { once } from "node:events";
import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";

// An unhandled rejection ends a Node process: the sandbox's listener must leave none.
const unhandled: unknown[] = [];
const noteUnhandled = (reason: unknown) => unhandled.push(reason);
let sandbox: Sandbox;
let port: number;
beforeAll(async () => {
  process.on("unhandledRejection", noteUnhandled);
  sandbox = await startSandbox({ latencyMs: 0 });
  port = Number(new URL(sandbox.url).port);
});
afterAll(async () => {
  process.off("unhandledRejection", noteUnhandled);
  await sandbox.close();
});
afterEach(() => expect(unhandled.splice(0)).toEqual([]));

/** Sends raw bytes and gives the reply's status, or 0 when the socket closed without one. */
async function rawStatus(head: string): Promise<number> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.write(Buffer.from(head, "latin1"));
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  await once(socket, "close");
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(Buffer.concat(chunks).toString("latin1"));
  return match === null ? 0 : Number(match[1]);
}

const raw = (method: string, target: string, host: string, body = "") =>
  `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
  `Content-Length: ${Buffer.byteLength(body, "latin1")}\r\nConnection: close\r\n\r\n${body}`;

const stillServing = async () => expect(await rawStatus(raw("GET", "/paynet/_health", "127.0.0.1"))).toBe(200);

const paths = [
  "/paynet/_health",
  "/paynet/_admin/orders",
  "/paynet/_dashboard",
  "/paynet/api/v2/sale/1111",
  "/paynet/api/v2/status/1111",
];

describe("the sandbox's server, sent malformed requests as raw bytes", () => {
  it.each(["a b", "", "[", "[zz]:80", "127.0.0.1:99999", "a".repeat(12_000), "\u00e4\u00b5\u00ff.example", "%zz"])(
    "answers every route with the Host %j and keeps serving",
    async (host) => {
      for (const path of paths) {
        for (const method of ["GET", "POST"]) {
          const status = await rawStatus(raw(method, path, host, "client_orderid=1&amount=%zz"));
          expect(status >= 200 && status < 600, `${method} ${path}: ${status}`).toBe(true);
        }
      }
      await stillServing();
    },
  );

  it.each([
    "//evil.example/paynet/_health",
    "http://evil.example/paynet/_admin/orders",
    "http://a:99999/paynet/_health",
    "/paynet/%zz?x=%zz",
    "/paynet/_admin/orders?limit=%zz&cursor=%ff",
    "*",
    "/paynet/\u00e4\u00ff",
  ])("answers the target %j and keeps serving", async (target) => {
    const status = await rawStatus(raw("GET", target, "127.0.0.1"));
    expect(status >= 200 && status < 600, `status ${status}`).toBe(true);
    await stillServing();
  });

  it.each(["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "get", "CONNECT"])(
    "answers the method %s on every route and keeps serving",
    async (method) => {
      for (const path of paths) {
        const status = await rawStatus(raw(method, method === "CONNECT" ? "127.0.0.1:1" : path, "127.0.0.1"));
        expect(status === 0 || (status >= 400 && status < 600), `${path}: ${status}`).toBe(true);
      }
      await stillServing();
    },
  );
});
