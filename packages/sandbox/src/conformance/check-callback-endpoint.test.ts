import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCallbackHandler, toNodeListener } from "@card-processing/client/callback-handler";
import { afterEach, describe, expect, it } from "vitest";
import { checkCallbackEndpoint } from "./check-callback-endpoint.js";

const controlKey = "shop-control-key";
const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function endpoint(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(listener);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/callback`;
}

/** A correct endpoint: the client's handler, de-duplicating, ignoring a status older than a final one. */
function correctListener(onCallback: () => Promise<void> = async () => {}) {
  const listener = toNodeListener(createCallbackHandler({ controlKey, onCallback }));
  return (req: IncomingMessage, res: ServerResponse) => void listener(req, res);
}

const failed = (report: Awaited<ReturnType<typeof checkCallbackEndpoint>>) =>
  report.results.filter((r) => !r.pass).map((r) => r.name);

describe("checkCallbackEndpoint", () => {
  it("passes every case against a correct endpoint", async () => {
    const report = await checkCallbackEndpoint(await endpoint(correctListener()), { controlKey });
    expect(failed(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.results.map((r) => r.name)).toEqual([
      "genuine callback",
      "the same callback again",
      "forged control",
      "missing control",
      "tampered signed fields",
      "unsigned field changed",
      "out-of-order statuses",
      "late duplicate after a final status",
      "very long values",
      "answers in time",
    ]);
    expect(report.results.find((r) => r.name === "forged control")?.saw).toMatch(/^HTTP 403/);
  });

  it("sends every callback as the spec's serverCallback webhook says the gateway does: a GET with the fields in its query", async () => {
    const spec = createRequire(import.meta.url)("@card-processing/types/openapi.json") as {
      webhooks: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(spec.webhooks["serverCallback"] ?? {})).toEqual(["get"]);
    const methods = new Set<string>();
    const listener = correctListener();
    const report = await checkCallbackEndpoint(
      await endpoint((req, res) => {
        methods.add(req.method ?? "");
        listener(req, res);
      }),
      { controlKey },
    );
    expect(report.ok).toBe(true);
    expect([...methods]).toEqual(["GET"]);
  });

  it("passes an endpoint that takes callbacks by GET only and answers 405 to any other method", async () => {
    const listener = correctListener();
    const getOnly = (req: IncomingMessage, res: ServerResponse) =>
      req.method === "GET" ? listener(req, res) : void res.writeHead(405, { allow: "GET" }).end();
    const report = await checkCallbackEndpoint(await endpoint(getOnly), { controlKey });
    expect(failed(report)).toEqual([]);
  });

  it("catches an endpoint that accepts forgeries, saying to verify control", async () => {
    const report = await checkCallbackEndpoint(await endpoint((_, res) => void res.writeHead(200).end("OK")), {
      controlKey,
    });
    expect(report.ok).toBe(false);
    expect(failed(report)).toEqual(["forged control", "missing control", "tampered signed fields"]);
    expect(report.results.find((r) => r.name === "forged control")?.fix).toMatch(/verify control/);
  });

  it("says the endpoint verifies with another control key when it refuses every correctly signed callback with 403", async () => {
    const listener = toNodeListener(createCallbackHandler({ controlKey: "another-key", onCallback: async () => {} }));
    const report = await checkCallbackEndpoint(await endpoint((req, res) => void listener(req, res)), { controlKey });
    const signedCases = report.results.filter((r) => r.expected === "200");
    expect(signedCases.length).toBeGreaterThanOrEqual(5);
    for (const result of signedCases) {
      expect(result.pass).toBe(false);
      expect(result.fix).toMatch(/different control key than the one given to this check \(`--control-key`/);
    }
    expect(report.results.find((r) => r.name === "forged control")?.pass).toBe(true);
  });

  it("catches an endpoint that answers 500 to a duplicate, saying to answer 200 without acting again", async () => {
    const handled = new Set<string>();
    const inner = correctListener();
    const url = await endpoint((req, res) => {
      const query = new URL(req.url ?? "/", "http://x").searchParams;
      const key = query.toString();
      if (req.method === "GET" && query.get("control") && handled.has(key))
        return void res.writeHead(500).end("already booked");
      handled.add(key);
      inner(req, res);
    });
    const report = await checkCallbackEndpoint(url, { controlKey });
    expect(failed(report)).toEqual(["the same callback again", "late duplicate after a final status"]);
    expect(report.results.find((r) => r.name === "the same callback again")).toMatchObject({
      saw: expect.stringMatching(/HTTP 200 .*; HTTP 500/),
      fix: expect.stringMatching(/duplicate/),
    });
  });

  it("catches a slow endpoint, saying to answer within the timeout", async () => {
    const slow = correctListener(() => new Promise((resolve) => setTimeout(resolve, 400)));
    const report = await checkCallbackEndpoint(await endpoint(slow), { controlKey, timeoutMs: 200 });
    expect(report.ok).toBe(false);
    const inTime = report.results.find((r) => r.name === "answers in time");
    expect(inTime).toMatchObject({ pass: false, fix: expect.stringMatching(/answer within 200 ms/) });
    expect(report.results.find((r) => r.name === "genuine callback")?.saw).toBe("no answer within 200 ms");
  });

  describe("against an endpoint that checks callbacks against its stored orders (storedOrder)", () => {
    const shopOrder = { client_orderid: "shop-1001", orderid: "8412345", amount: "10.42", currency: "USD" };
    const handled: string[] = [];
    const storedOrderListener = () => {
      const listener = toNodeListener(
        createCallbackHandler({
          controlKey,
          storedOrder: async (callback) =>
            callback.client_orderid === shopOrder.client_orderid ? shopOrder : undefined,
          onCallback: async (callback) => void handled.push(callback.status),
        }),
      );
      return (req: IncomingMessage, res: ServerResponse) => void listener(req, res);
    };

    it("passes every case when given an order the shop holds, a 409 for the changed amount counting as a pass", async () => {
      handled.length = 0;
      const report = await checkCallbackEndpoint(await endpoint(storedOrderListener()), {
        controlKey,
        order: shopOrder,
      });
      expect(failed(report)).toEqual([]);
      expect(report.results.find((r) => r.name === "unsigned field changed")).toMatchObject({
        expected: "200, or 409 (not as stored)",
        saw: expect.stringMatching(/^HTTP 409/),
      });
      // Each distinct event about the order acted on once, duplicates and the changed amount not:
      // the sale approved, processing (out of order), the reversal declined, the long values' sale declined.
      expect(handled).toEqual(["approved", "processing", "declined", "declined"]);
    });

    it("says to give it an order the shop holds when every signed callback about a made-up order gets 404", async () => {
      const report = await checkCallbackEndpoint(await endpoint(storedOrderListener()), { controlKey });
      const signedCases = report.results.filter((r) => r.expected === "200");
      expect(signedCases.length).toBeGreaterThanOrEqual(5);
      for (const result of signedCases) {
        expect(result.pass).toBe(false);
        expect(result.fix).toMatch(
          /knows none of the orders this check made up; give the check an order your shop holds/,
        );
      }
    });

    it("refuses an order with a field missing or malformed, naming it", async () => {
      const url = "http://127.0.0.1:9/x";
      await expect(checkCallbackEndpoint(url, { controlKey, order: { ...shopOrder, orderid: "" } })).rejects.toThrow(
        "order.orderid",
      );
      await expect(
        checkCallbackEndpoint(url, { controlKey, order: { ...shopOrder, amount: "10,42" } }),
      ).rejects.toThrow("order.amount");
      await expect(
        checkCallbackEndpoint(url, { controlKey, order: { ...shopOrder, currency: "usd" } }),
      ).rejects.toThrow("order.currency");
    });
  });

  it("refuses a URL that is not http(s) and an empty control key", async () => {
    await expect(checkCallbackEndpoint("ftp://127.0.0.1/x", { controlKey })).rejects.toThrow(/url/);
    await expect(checkCallbackEndpoint("http://127.0.0.1/x", { controlKey: "" })).rejects.toThrow(/controlKey/);
  });
});

describe("card-processing-sandbox check-callbacks", () => {
  const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");
  const runCli = async (args: string[]) => {
    const child = spawn(process.execPath, [cli, "check-callbacks", ...args]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number];
    return { code, out };
  };

  it("prints one line per case and exits 0 when all pass, 1 with the fix when one fails", async () => {
    const good = await runCli(["--url", await endpoint(correctListener()), "--control-key", controlKey]);
    expect(good.code, good.out).toBe(0);
    expect(good.out.match(/^pass {2}/gm)).toHaveLength(10);
    const bad = await runCli([
      "--url",
      await endpoint((_, res) => void res.writeHead(200).end("OK")),
      "--control-key",
      controlKey,
      "--json",
    ]);
    expect(bad.code).toBe(1);
    const report = JSON.parse(bad.out) as { ok: boolean; results: Array<{ name: string; pass: boolean }> };
    expect(report.ok).toBe(false);
    expect(report.results.filter((r) => !r.pass).map((r) => r.name)).toContain("forged control");
  });

  it("checks an endpoint with stored orders about the order the four order flags name, and wants all four", async () => {
    const shopOrder = { client_orderid: "shop-2002", orderid: "8412346", amount: "5.00", currency: "EUR" };
    const listener = toNodeListener(
      createCallbackHandler({
        controlKey,
        storedOrder: async (callback) => (callback.client_orderid === shopOrder.client_orderid ? shopOrder : undefined),
        onCallback: async () => {},
      }),
    );
    const url = await endpoint((req, res) => void listener(req, res));
    const order = ["--client-orderid", "shop-2002", "--orderid", "8412346", "--amount", "5.00", "--currency", "EUR"];
    const good = await runCli(["--url", url, "--control-key", controlKey, ...order]);
    expect(good.code, good.out).toBe(0);
    const partial = await runCli(["--url", url, "--control-key", controlKey, ...order.slice(0, 4)]);
    expect(partial.code).toBe(2);
    expect(partial.out).toMatch(/--amount, --currency: required with --client-orderid, --orderid/);
  });

  it("exits 2 with the usage when --control-key is missing", async () => {
    const { code, out } = await runCli(["--url", "http://127.0.0.1:9/x"]);
    expect(code).toBe(2);
    expect(out).toMatch(/--control-key: required/);
  });
});
