import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestReply, type TestServer } from "../../test/test-server.js";
import { createClient } from "../create-client.js";
import { createGateway } from "../create-gateway.js";
import { version } from "../generated/version.js";
import type { PollClock } from "../polling/polling-schedule.js";

// Real servers on 127.0.0.1 (port 0) stand in for the gateway; each records what it received.
let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(handler: (path: string, index: number) => TestReply): Promise<TestServer> {
  let index = 0;
  const server = await startTestServer((request) => handler(request.path, index++));
  servers.push(server);
  return server;
}

const statusReply = { ...asyncReply(), type: "status-response", status: "approved" };
const csvHeader = "id,created,type,status,paynet-order-id,merchant-order-id,end-point-id,amount,currency,serial-number";
const csv: TestReply = { headers: { "content-type": "text/csv" }, body: `${csvHeader}\n` };
const lastHour = { createdFromDate: new Date(Date.now() - 3_600_000), createdToDate: new Date() };
const sdkAgent = `card-processing-sdk/${version} (node/${process.versions.node})`;
const noSleep: PollClock = { now: () => Date.now(), sleep: async () => {} };

const gatewayAt = (url: string, more: { userAgent?: string; timeoutMs?: number } = {}) =>
  createGateway({ baseUrl: url, endpointId: 1111, login: "shop", controlKey: "KEY", ...more });

/** The User-Agent of each request the server received while `step` ran. */
async function agentsOf(server: TestServer, step: () => Promise<unknown>): Promise<(string | undefined)[]> {
  const before = server.requests.length;
  await step();
  return server.requests.slice(before).map((r) => r.headers["user-agent"]);
}

describe("the request sender", () => {
  it("sends card-processing-sdk/<version> (<runtime>) on a named operation, the raw client, a poll, a recovery and the report", async () => {
    const server = await serve((path) => {
      if (path.includes("/sale/")) return { destroy: true };
      return path.includes("/transaction-report") ? csv : { body: statusReply };
    });
    const gateway = gatewayAt(server.url);
    let lost: unknown;
    const named = await agentsOf(server, async () => {
      lost = (await gateway.sale(saleBody)).error;
    });
    const raw = await agentsOf(server, () =>
      createClient({ baseUrl: server.url }).POST("/api/v2/status/{endpointId}", {
        params: { path: { endpointId: 1111 } },
        body: { client_orderid: "902B4FF5", login: "shop", control: "x" },
      }),
    );
    const poll = await agentsOf(server, () => gateway.waitForFinalStatus({ client_orderid: "902B4FF5" }));
    const recovery = await agentsOf(server, () => gateway.recover(lost, { clock: noSleep }));
    const report = await agentsOf(server, () => gateway.transactionReport(lastHour));
    expect(sdkAgent).toMatch(/^card-processing-sdk\/\d+\.\d+\.\d+\S* \(node\/\d+\.\d+\.\d+\)$/);
    expect({ named, raw, poll, report }).toEqual({
      named: [sdkAgent],
      raw: [sdkAgent],
      poll: [sdkAgent],
      report: [sdkAgent],
    });
    expect(recovery.length).toBeGreaterThan(0);
    expect(new Set(recovery)).toEqual(new Set([sdkAgent]));
  }, 20_000);

  it("appends the userAgent option after the SDK's own token, on the gateway and the raw client", async () => {
    const server = await serve((path) => (path.includes("/transaction-report") ? csv : { body: statusReply }));
    const gateway = gatewayAt(server.url, { userAgent: "shop-backend/1.4" });
    const named = await agentsOf(server, () => gateway.status({ client_orderid: "902B4FF5" }));
    const report = await agentsOf(server, () => gateway.transactionReport(lastHour));
    const raw = await agentsOf(server, () =>
      createClient({ baseUrl: server.url, userAgent: "shop-backend/1.4" }).POST("/api/v2/status/{endpointId}", {
        params: { path: { endpointId: 1111 } },
        body: { client_orderid: "902B4FF5", login: "shop", control: "x" },
      }),
    );
    const expected = `${sdkAgent} shop-backend/1.4`;
    expect({ named, report, raw }).toEqual({ named: [expected], report: [expected], raw: [expected] });
  });

  it("leaves a User-Agent set in the raw client's headers as it is", async () => {
    const server = await serve(() => ({ body: statusReply }));
    const client = createClient({ baseUrl: server.url, headers: { "User-Agent": "shop-probe/2" } });
    const raw = await agentsOf(server, () =>
      client.POST("/api/v2/status/{endpointId}", {
        params: { path: { endpointId: 1111 } },
        body: { client_orderid: "902B4FF5", login: "shop", control: "x" },
      }),
    );
    expect(raw).toEqual(["shop-probe/2"]);
  });

  it("refuses a userAgent that is not one line of visible text, before anything is sent", () => {
    for (const userAgent of ["shop\r\nX-Injected: 1", "", " leading-space"]) {
      expect(() => gatewayAt("http://127.0.0.1:9/paynet", { userAgent })).toThrow(
        expect.objectContaining({
          code: "ERR_OPTION_INVALID",
          field: "userAgent",
          message: expect.stringMatching(/product token/),
        }),
      );
    }
  });

  it("waits out a 503's Retry-After on a status query and asks again", async () => {
    const server = await serve((_path, index) =>
      index === 0 ? { status: 503, headers: { "retry-after": "1" }, body: "" } : { body: statusReply },
    );
    const started = performance.now();
    const { data, error } = await gatewayAt(server.url).status({ client_orderid: "902B4FF5" });
    const waitedMs = performance.now() - started;
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ status: "approved" });
    expect(server.requests).toHaveLength(2);
    expect(waitedMs).toBeGreaterThanOrEqual(950);
    expect(waitedMs).toBeLessThan(5_000);
  });

  it("waits out a 503's Retry-After on the transactions report and asks again", async () => {
    const server = await serve((_path, index) =>
      index === 0 ? { status: 503, headers: { "retry-after": "1" }, body: "" } : csv,
    );
    const started = performance.now();
    const { data, error } = await gatewayAt(server.url).transactionReport(lastHour);
    const waitedMs = performance.now() - started;
    expect(error).toBeUndefined();
    expect(data).toEqual([]);
    expect(server.requests.map((r) => r.path.split("?")[0])).toEqual(
      Array(2).fill("/paynet-ui/services/transaction-report"),
    );
    expect(waitedMs).toBeGreaterThanOrEqual(950);
  });

  it("never sends a sale again on a 429 with Retry-After: the reply comes back as it came", async () => {
    const server = await serve(() => ({ status: 429, headers: { "retry-after": "0" }, body: "" }));
    const { data, error } = await gatewayAt(server.url).sale(saleBody);
    expect(data).toBeUndefined();
    expect(error?.response?.status).toBe(429);
    expect(server.requests).toHaveLength(1);
  });

  it("does not wait a Retry-After that would end after the call's deadline", async () => {
    const server = await serve(() => ({ status: 503, headers: { "retry-after": "1" }, body: "" }));
    const { error } = await gatewayAt(server.url, { timeoutMs: 500 }).status({ client_orderid: "902B4FF5" });
    expect(error).toMatchObject({ name: "ServerError" });
    expect(error?.response?.status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  it("ends a Retry-After wait when the caller's signal aborts", async () => {
    const server = await serve(() => ({ status: 503, headers: { "retry-after": "1" }, body: "" }));
    const started = performance.now();
    const { error } = await gatewayAt(server.url).status(
      { client_orderid: "902B4FF5" },
      { signal: AbortSignal.timeout(200) },
    );
    expect(error).toMatchObject({ name: "TimeoutError", code: "ERR_ABORTED" });
    expect(performance.now() - started).toBeLessThan(900);
    expect(server.requests).toHaveLength(1);
  });

  it.each(["status", "report"] as const)(
    "refuses a redirect on the %s query it sends again after Retry-After, and nothing reaches the Location",
    async (route) => {
      const other = await serve(() => (route === "report" ? csv : { body: statusReply }));
      const server = await serve((path, index) =>
        index === 0
          ? { status: 503, headers: { "retry-after": "0" }, body: "" }
          : { status: 307, headers: { location: `${other.url.replace(/\/paynet$/, "")}${path}` }, body: "" },
      );
      const gateway = gatewayAt(server.url);
      const { error } =
        route === "report"
          ? await gateway.transactionReport(lastHour)
          : await gateway.status({ client_orderid: "902B4FF5" });
      expect(error).toMatchObject({ code: "ERR_REPLY_REDIRECT" });
      expect(server.requests).toHaveLength(2);
      expect(other.requests).toHaveLength(0);
    },
  );

  it("names the version package.json states", async () => {
    const manifest = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(version).toBe(manifest.version);
  });
});
