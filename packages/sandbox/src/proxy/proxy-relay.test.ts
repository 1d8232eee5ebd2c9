import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../server/api/body-limit.js";
import { startProxy } from "./start-proxy.js";

// The attacks on the proxy itself: using it as a relay to another host, reading its findings
// through DNS rebinding or from another machine, and sending it more than any request of the spec can be.
const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of started.splice(0)) await thing.close();
});

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly bytes: number;
}

/** A server on 127.0.0.1 that answers 200 and records what reached it. */
async function recordingServer(): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let bytes = 0;
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => {
      seen.push({
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization,
        bytes,
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  started.push({ close: () => new Promise((resolve) => server.close(() => resolve())) });
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** One raw request to `port` on 127.0.0.1, with the Host and body given. */
function raw(
  port: number,
  path: string,
  options: { host?: string; method?: string; body?: Buffer; chunked?: boolean } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: {
          host: options.host ?? `127.0.0.1:${port}`,
          ...(options.body === undefined || options.chunked === true ? {} : { "content-length": options.body.length }),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    sent.on("error", reject);
    if (options.body !== undefined && options.chunked === true) {
      // Sent in pieces without a length, so only counting what arrives can stop it.
      for (let at = 0; at < options.body.length; at += 64 * 1024) sent.write(options.body.subarray(at, at + 64 * 1024));
      sent.end();
    } else sent.end(options.body);
  });
}

describe("the validation proxy under attack", () => {
  it("keeps every forwarded request on the upstream's origin: /paynet//otherhost:port/x is a path there", async () => {
    const upstream = await recordingServer();
    const other = await recordingServer();
    const proxy = await startProxy({ upstream: upstream.origin });
    started.unshift(proxy);
    const otherHost = other.origin.slice("http://".length);
    const response = await fetch(`${proxy.url}//${otherHost}/steal`, {
      method: "POST",
      headers: { authorization: "OAuth oauth_signature=secret", "content-type": "application/x-www-form-urlencoded" },
      body: "credit_card_number=4111111111111111&cvv2=123",
    });
    expect(response.status).toBe(200);
    expect(other.seen).toEqual([]);
    expect(upstream.seen).toEqual([
      expect.objectContaining({
        method: "POST",
        path: `//${otherHost}/steal`,
        authorization: "OAuth oauth_signature=secret",
      }),
    ]);
  });

  it("answers its findings only to a Host that names it (403 to a rebound name)", async () => {
    const upstream = await recordingServer();
    const proxy = await startProxy({ upstream: `${upstream.origin}/paynet` });
    started.unshift(proxy);
    for (const path of ["/paynet/_proxy", "/paynet/_proxy/findings"]) {
      const foreign = await raw(proxy.port, path, { host: `attacker.example:${proxy.port}` });
      expect(foreign.status, path).toBe(403);
      expect(foreign.text).toContain("does not name this proxy");
      expect((await raw(proxy.port, path)).status, path).toBe(200);
      expect((await raw(proxy.port, path, { host: `localhost:${proxy.port}` })).status, path).toBe(200);
    }
  });

  it("listening beyond loopback, requires a generated admin token for its findings, never for forwarded traffic", async () => {
    const upstream = await recordingServer();
    const proxy = await startProxy({ upstream: `${upstream.origin}/paynet`, host: "0.0.0.0" });
    started.unshift(proxy);
    const token = proxy.adminToken ?? "";
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    const base = `http://127.0.0.1:${proxy.port}/paynet`;
    for (const path of ["/_proxy", "/_proxy/findings"]) {
      const anyone = await fetch(`${base}${path}`);
      expect(anyone.status, path).toBe(401);
      expect(await anyone.text()).toContain("send the admin token printed at startup");
      expect((await fetch(`${base}${path}`, { headers: { authorization: "Bearer not-the-token-0000" } })).status).toBe(
        401,
      );
      const bearer = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(bearer.status, path).toBe(200);
      await bearer.arrayBuffer();
    }
    // The page's address with ?token= moves the token to a cookie, which its link to the JSON then carries.
    const opened = await fetch(`${base}/_proxy?token=${token}`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/paynet/_proxy");
    const cookie = opened.headers.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/; Path=\/paynet\/_proxy; HttpOnly; SameSite=Strict$/);
    const json = await fetch(`${base}/_proxy/findings`, { headers: { cookie: cookie.split(";")[0] ?? "" } });
    expect(json.status).toBe(200);
    await json.arrayBuffer();
    // Traffic to the upstream needs no token: the shop's requests go through as before.
    const forwarded = await fetch(`${base}/api/v2/sale/1111`, { method: "POST", body: "a=1" });
    expect(forwarded.status).toBe(200);
    await forwarded.arrayBuffer();
    expect(upstream.seen).toEqual([expect.objectContaining({ path: "/paynet/api/v2/sale/1111" })]);
  });

  it("requires a token it is given on loopback too, and refuses a malformed one before listening", async () => {
    const upstream = await recordingServer();
    await expect(startProxy({ upstream: `${upstream.origin}/paynet`, adminToken: "short" })).rejects.toThrow(
      /^adminToken: expected 16 to 200 characters/,
    );
    const proxy = await startProxy({
      upstream: `${upstream.origin}/paynet`,
      adminToken: "a-token-chosen-by-the-team-42",
    });
    started.unshift(proxy);
    expect((await raw(proxy.port, "/paynet/_proxy/findings")).status).toBe(401);
    const withToken = await fetch(`http://127.0.0.1:${proxy.port}/paynet/_proxy/findings`, {
      headers: { authorization: "Bearer a-token-chosen-by-the-team-42" },
    });
    expect(withToken.status).toBe(200);
    await withToken.arrayBuffer();
  });

  it.each([
    ["with a Content-Length", false],
    ["sent in chunks without one", true],
  ])("refuses a body over the sandbox's limit %s with 413 and forwards nothing", async (_how, chunked) => {
    const upstream = await recordingServer();
    const proxy = await startProxy({ upstream: `${upstream.origin}/paynet` });
    started.unshift(proxy);
    const body = Buffer.alloc(MAX_BODY_BYTES + 1, "a");
    const reply = await raw(proxy.port, "/paynet/api/v2/sale/1111", { method: "POST", body, chunked });
    expect(reply.status).toBe(413);
    expect(reply.text).toMatch(/over the [0-9]+ KiB limit; not forwarded/);
    expect(upstream.seen).toEqual([]);
    // A body within the limit still goes through.
    const small = await raw(proxy.port, "/paynet/api/v2/sale/1111", { method: "POST", body: Buffer.from("a=1") });
    expect(small.status).toBe(200);
    expect(upstream.seen).toEqual([expect.objectContaining({ bytes: 3 })]);
  });
});
