import { afterEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../index.js";
import { rawRequest, startRecordingUpstream } from "../test/raw-request.testlib.js";
import { dataOf, orderId, paymentBody, startFixture } from "../test/sandbox-fixture.testlib.js";
import { startProxy } from "./start-proxy.js";

// DNS rebinding through the validation proxy: a page at rebind.attacker.example:PROXYPORT whose
// name now resolves to 127.0.0.1 sends its requests to the proxy, which used to forward them to the
// sandbox behind it with the sandbox's own Host, past the sandbox's loopback rule.
const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of started.splice(0)) await thing.close();
});

/** A sandbox with one approved sale (the customer's e-mail on it) and a fault queued, behind a proxy. */
async function sandboxBehindProxy(): Promise<{ sandbox: Sandbox; port: number }> {
  const { sandbox, gateway } = await startFixture({ latencyMs: 0 });
  started.push(sandbox);
  dataOf(await gateway.sale(paymentBody(orderId("rebind"))));
  sandbox.faults.next({ kind: "reset-after", operation: "sale" });
  const proxy = await startProxy({ upstream: sandbox.url });
  started.unshift(proxy);
  return { sandbox, port: proxy.port };
}

describe("the validation proxy in front of a sandbox, against DNS rebinding", () => {
  it("refuses a rebound Host on every route: no order read, no fault cleared, no API request forwarded", async () => {
    const { sandbox, port } = await sandboxBehindProxy();
    const rebound = { host: `rebind.attacker.example:${port}` };
    const orders = await rawRequest(port, "/paynet/_admin/orders", { headers: rebound });
    expect(orders.status).toBe(403);
    expect(orders.text).toContain("does not name this proxy");
    expect(orders.text).not.toContain("@example.com");
    const page = await rawRequest(port, "/paynet/_dashboard", { headers: rebound });
    expect(page.status).toBe(403);
    const cleared = await rawRequest(port, "/paynet/_admin/faults", {
      method: "DELETE",
      headers: { ...rebound, origin: `http://rebind.attacker.example:${port}` },
    });
    expect(cleared.status).toBe(403);
    expect(sandbox.faults.list().queued).toHaveLength(1);
    const status = await rawRequest(port, "/paynet/api/v2/status/1111", {
      method: "POST",
      headers: { ...rebound, "content-type": "application/x-www-form-urlencoded" },
      body: "login=x",
    });
    expect(status.status).toBe(403);
    expect(sandbox.requests().map((request) => request.operation)).toEqual(["sale"]);
  });

  it("forwards none of the sandbox's admin or dashboard paths, however spelled, even to a loopback Host", async () => {
    const { sandbox, port } = await sandboxBehindProxy();
    for (const target of [
      "/paynet/_admin/orders",
      "/paynet/%5Fadmin/orders",
      "/paynet/%5fADMIN/orders",
      "/paynet//_admin/orders",
      "/paynet/./_admin/orders",
      "/paynet/api/../_admin/orders",
      "/paynet/api/%2e%2e/_admin/orders",
      "/paynet/api/..%2F_admin/orders",
      "/paynet/_admin./orders",
      "/paynet/%255Fadmin/orders",
      "/paynet/_dashboard",
      "/paynet/_dashboard/events",
      "/paynet/_DASHBOARD.",
      "/paynet/%5Fdashboard",
    ]) {
      const reply = await rawRequest(port, target);
      expect(reply.status, target).toBe(403);
      expect(reply.text, target).toContain("not forwarded");
    }
    const cleared = await rawRequest(port, "/paynet/%5Fadmin/faults", { method: "DELETE" });
    expect(cleared.status).toBe(403);
    expect(sandbox.faults.list().queued).toHaveLength(1);
  });

  it("never sends the upstream a path under /paynet/_proxy or any other tool route", async () => {
    const upstream = await startRecordingUpstream();
    started.push(upstream);
    const proxy = await startProxy({ upstream: upstream.url });
    started.unshift(proxy);
    for (const [target, method] of [
      ["/paynet/_proxy/other", "GET"],
      ["/paynet/_proxy", "POST"],
      ["/paynet/_proxy/findings", "DELETE"],
      ["/paynet/%5Fproxy/findings", "GET"],
      ["/paynet/_proxy./findings", "GET"],
      ["/paynet/_health", "GET"],
      ["/paynet/api/v2/%5Fadmin", "POST"],
    ] as const) {
      const reply = await rawRequest(proxy.port, target, { method });
      expect([403, 404, 405], `${method} ${target}`).toContain(reply.status);
    }
    expect(upstream.seen).toEqual([]);
  });

  it("forwards API traffic to a Host that names it, and to a name it was given with allowedHosts", async () => {
    const upstream = await startRecordingUpstream();
    started.push(upstream);
    const proxy = await startProxy({ upstream: upstream.url, allowedHosts: ["Proxy.Team.Example"] });
    started.unshift(proxy);
    for (const host of [`127.0.0.1:${proxy.port}`, `localhost:${proxy.port}`, `proxy.team.example:${proxy.port}`]) {
      const reply = await rawRequest(proxy.port, "/paynet/api/v2/sale/1111", { method: "POST", headers: { host } });
      expect(reply.status, host).toBe(200);
    }
    const foreign = await rawRequest(proxy.port, "/paynet/api/v2/sale/1111", {
      method: "POST",
      headers: { host: `other.team.example:${proxy.port}` },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain("--allow-host");
    expect(upstream.seen.map((seen) => seen.target)).toEqual(Array(3).fill("/paynet/api/v2/sale/1111"));
    await expect(startProxy({ upstream: upstream.url, allowedHosts: ["proxy.team.example:8090"] })).rejects.toThrow(
      /^allowedHosts: expected a host name or address without a port/,
    );
  });
});
