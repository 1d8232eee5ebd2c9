import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCallbackHandler } from "./callback-handler.js";
import { toNodeListener } from "./node-listener.js";
import { signCallback } from "./sign-callback.js";

const controlKey = "test-merchant-control";
const fields = { status: "approved", orderid: "1000001", client_orderid: "H1", type: "sale" } as const;

// Unhandled rejections end a Node process (the default since Node 15): the listener must leave none.
const unhandled: unknown[] = [];
const noteUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => void process.on("unhandledRejection", noteUnhandled));
afterAll(() => void process.off("unhandledRejection", noteUnhandled));

/** Sends `head` (and `body`) as raw bytes and gives the status of the reply, or 0 when the socket closed without one. */
async function rawStatus(port: number, head: string, body = ""): Promise<number> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.write(Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(body)]));
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  await once(socket, "close");
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(Buffer.concat(chunks).toString("latin1"));
  return match === null ? 0 : Number(match[1]);
}

const request = (method: string, target: string, host: string | undefined, extra = "") =>
  `${method} ${target} HTTP/1.1\r\n${host === undefined ? "" : `Host: ${host}\r\n`}${extra}Connection: close\r\n\r\n`;

describe("toNodeListener on node:http, sent malformed requests as raw bytes", () => {
  let server: Server;
  let port: number;
  const handled: string[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    const handler = createCallbackHandler({
      controlKey,
      onCallback: (callback) => void handled.push(callback.client_orderid),
      onError: (error) => void errors.push(error),
    });
    // The documented set-up: the listener given to node:http as it is.
    server = createServer(toNodeListener(handler));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => void server.close());
  afterEach(() => expect(unhandled.splice(0)).toEqual([]));

  const valid = async (id: string) => `/callback?${await signCallback({ ...fields, client_orderid: id }, controlKey)}`;

  it.each([
    ["a space", "a b"],
    ["nothing", ""],
    ["an open bracket", "["],
    ["a bracketed non-address", "[zz]:80"],
    ["a bad port", "shop.example:99999"],
    ["16 000 characters", "a".repeat(16_000)],
    ["unicode bytes", "\u00e4\u00b5\u00ff.example"],
    ["a percent sign", "%zz"],
  ])("answers a Host of %s without ending the server, which serves a valid callback next", async (_, host) => {
    const status = await rawStatus(port, request("GET", await valid("x"), host));
    expect(status === 200 || (status >= 400 && status < 600), `status ${status}`).toBe(true);
    const id = `host-${handled.length}`;
    expect(await rawStatus(port, request("GET", await valid(id), "shop.example"))).toBe(200);
    expect(handled).toContain(id);
  });

  it.each([
    "//evil.example/callback",
    "http://evil.example/callback",
    "/callback%zz?status=%zz&control=%",
    "*",
    "/callback/\u00e4?x=\u00ff",
  ])("answers the target %s with a 4xx without ending the server", async (target) => {
    const status = await rawStatus(port, request("GET", target, "shop.example"));
    expect(status >= 400 && status < 500, `status ${status}`).toBe(true);
    expect(await rawStatus(port, request("GET", await valid("after-target"), "shop.example"))).toBe(200);
  });

  it("takes the query of an absolute-form target, never its host", async () => {
    const query = await signCallback({ ...fields, client_orderid: "absolute" }, controlKey);
    expect(await rawStatus(port, request("GET", `http://evil.example/callback?${query}`, "a b"))).toBe(200);
    expect(handled).toContain("absolute");
  });

  it.each([
    ["PUT", "/callback"],
    ["DELETE", "/callback"],
    ["PATCH", "/callback"],
    ["OPTIONS", "/callback"],
    ["TRACE", "/callback"],
    ["TRACK", "/callback"],
    ["PROPFIND", "/callback"],
    ["CONNECT", "shop.example:443"],
    ["get", "/callback"],
    ["post", "/callback"],
  ])("answers the method %s without ending the server", async (method, target) => {
    const status = await rawStatus(port, request(method, target, "shop.example"));
    // 0: Node closed a CONNECT that no 'connect' listener takes, as it does for any server.
    expect(status === 0 || (status >= 400 && status < 500), `status ${status}`).toBe(true);
    expect(await rawStatus(port, request("GET", await valid(`after-${method}`), "shop.example"))).toBe(200);
  });

  it("answers a POST whose body the client stops sending without ending the server", async () => {
    const body = await signCallback({ ...fields, client_orderid: "cut" }, controlKey);
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    socket.write(
      `POST /callback HTTP/1.1\r\nHost: a b\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 900\r\n\r\n${body}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await once(socket, "close");
    expect(await rawStatus(port, request("GET", await valid("after-cut"), "shop.example"))).toBe(200);
    expect(handled).not.toContain("cut");
  });
});

describe("createCallbackHandler as a bare Request handler, given odd requests", () => {
  it("answers odd methods, targets and a failing body with 4xx or 5xx, and resolves even when onError throws", async () => {
    const handler = createCallbackHandler({
      controlKey,
      onCallback: () => {},
      onError: () => {
        throw new Error("the shop's logger is down");
      },
    });
    const broken = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.error(new Error("connection reset")),
    });
    const requests = [
      new Request("http://shop.example/callback", { method: "PUT", body: "x" }),
      new Request("http://shop.example/callback", { method: "DELETE" }),
      new Request("http://shop.example/callback", { method: "patch" }),
      new Request("http://shop.example/callback", { method: "PROPFIND" }),
      new Request("http://[::1]/callback%zz?status=%zz&control=%"),
      new Request("http://xn--nxasmq6b.example/*"),
      new Request("http://shop.example/callback", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: broken,
        duplex: "half",
      } as RequestInit),
    ];
    const statuses = [];
    for (const request of requests) statuses.push((await handler(request)).status);
    expect(statuses).toEqual([405, 405, 405, 405, 400, 400, 500]);
    const query = await signCallback(fields, controlKey);
    expect((await handler(new Request(`http://shop.example/callback?${query}`))).status).toBe(200);
  });
});
