import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { startProxy, type ValidationProxy } from "../proxy/start-proxy.js";
import { type RawReply, rawRequest, startRecordingUpstream } from "./raw-request.testlib.js";

// The admin tokens' cookies: each tool's own name, scoped to its own admin paths (never to the
// API, so a browser does not send it to a validation proxy's forwarded routes), and set only to
// the configured token after a `?token=` was compared with it.
const SANDBOX_TOKEN = "sandbox-admin-token-chosen-0001";
const PROXY_TOKEN = "proxy-admin-token-chosen-0001";
let withToken: Sandbox;
let open: Sandbox;
let proxy: ValidationProxy;
let upstreamClose: () => Promise<void>;

beforeAll(async () => {
  withToken = await startSandbox({ latencyMs: 0, adminToken: SANDBOX_TOKEN, logger: () => {} });
  open = await startSandbox({ latencyMs: 0, logger: () => {} });
  const upstream = await startRecordingUpstream();
  upstreamClose = upstream.close;
  proxy = await startProxy({ upstream: upstream.url, adminToken: PROXY_TOKEN });
});
afterAll(async () => {
  await withToken?.close();
  await open?.close();
  await proxy?.close();
  await upstreamClose?.();
});

/** The `Set-Cookie` lines of a reply. */
function cookiesOf(reply: RawReply): string[] {
  return reply.headers["set-cookie"] ?? [];
}

/** The `name=value` pairs a browser keeps from `set`, with the Path of each (cleared ones left out). */
function kept(set: string[]): Array<{ pair: string; path: string }> {
  return set
    .filter((line) => !/; Max-Age=0/.test(line))
    .map((line) => ({ pair: line.split(";")[0] ?? "", path: /; Path=([^;]+)/.exec(line)?.[1] ?? "" }));
}

describe("the sandbox's admin cookie", () => {
  it("is named for the sandbox and scoped to /paynet/_admin and /paynet/_dashboard only, the former /paynet one cleared", async () => {
    const opened = await rawRequest(withToken.port, `/paynet/_dashboard?token=${SANDBOX_TOKEN}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe("/paynet/_dashboard");
    const set = cookiesOf(opened);
    expect(kept(set)).toEqual([
      { pair: `card_processing_sandbox_admin=${SANDBOX_TOKEN}`, path: "/paynet/_admin" },
      { pair: `card_processing_sandbox_admin=${SANDBOX_TOKEN}`, path: "/paynet/_dashboard" },
    ]);
    for (const line of set) expect(line).toMatch(/; HttpOnly; SameSite=Strict/);
    expect(set).toContainEqual("card_processing_admin_token=; Path=/paynet; Max-Age=0; HttpOnly; SameSite=Strict");
    const cookie = { cookie: `card_processing_sandbox_admin=${SANDBOX_TOKEN}` };
    expect((await rawRequest(withToken.port, "/paynet/_dashboard", { headers: cookie })).status).toBe(200);
    expect((await rawRequest(withToken.port, "/paynet/_admin/orders", { headers: cookie })).status).toBe(200);
    // The cookie of earlier versions opens nothing.
    const former = { cookie: `card_processing_admin_token=${SANDBOX_TOKEN}` };
    expect((await rawRequest(withToken.port, "/paynet/_admin/orders", { headers: former })).status).toBe(401);
  });

  it("refuses a wrong ?token= even with a valid cookie or Bearer header, and never sets it", async () => {
    const cookie = `card_processing_sandbox_admin=${SANDBOX_TOKEN}`;
    for (const headers of [{ cookie }, { authorization: `Bearer ${SANDBOX_TOKEN}` }]) {
      const wrong = await rawRequest(withToken.port, "/paynet/_dashboard?token=attacker-chosen-token-0001", {
        headers,
      });
      expect(wrong.status).toBe(401);
      expect(cookiesOf(wrong)).toEqual([]);
    }
    // The correct one still opens the page, and the cookie holds the configured token.
    const right = await rawRequest(withToken.port, `/paynet/_dashboard?token=${SANDBOX_TOKEN}`, {
      headers: { cookie },
    });
    expect(right.status).toBe(303);
    expect(kept(cookiesOf(right)).map((c) => c.pair)).toEqual([cookie, cookie]);
  });

  it("on loopback without a token, drops ?token= from the address and sets no cookie", async () => {
    const opened = await rawRequest(open.port, "/paynet/_dashboard?token=anything-at-all-0001");
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe("/paynet/_dashboard");
    expect(cookiesOf(opened)).toEqual([]);
  });
});

describe("the validation proxy's admin cookie", () => {
  it("has a name of its own, scoped to /paynet/_proxy", async () => {
    const opened = await rawRequest(proxy.port, `/paynet/_proxy?token=${PROXY_TOKEN}`);
    expect(opened.status).toBe(303);
    expect(cookiesOf(opened)).toEqual([
      `card_processing_proxy_admin=${PROXY_TOKEN}; Path=/paynet/_proxy; HttpOnly; SameSite=Strict`,
    ]);
    const json = await rawRequest(proxy.port, "/paynet/_proxy/findings", {
      headers: { cookie: `card_processing_proxy_admin=${PROXY_TOKEN}` },
    });
    expect(json.status).toBe(200);
    // The sandbox's cookie, which a browser also sends to this host, opens nothing of the proxy's.
    const sandboxCookie = await rawRequest(proxy.port, "/paynet/_proxy/findings", {
      headers: { cookie: `card_processing_sandbox_admin=${PROXY_TOKEN}` },
    });
    expect(sandboxCookie.status).toBe(401);
  });

  it("refuses a wrong ?token= even with its valid cookie or Bearer header, and never sets a cookie for it", async () => {
    for (const headers of [
      { cookie: `card_processing_proxy_admin=${PROXY_TOKEN}` },
      { authorization: `Bearer ${PROXY_TOKEN}` },
    ]) {
      const wrong = await rawRequest(proxy.port, "/paynet/_proxy?token=attacker-chosen-token-0001", { headers });
      expect(wrong.status).toBe(401);
      expect(cookiesOf(wrong)).toEqual([]);
    }
  });
});
