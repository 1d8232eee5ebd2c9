import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FaultKind, type Sandbox, startSandbox } from "../index.js";
import { PAY_JSON, type RawReply, sendRaw, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

let sandbox: Sandbox;
const log: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 10, settleDelayMs: Infinity, logger: (line) => log.push(line) });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.faults.clear());

/** Sends a signed sale as it is and says what came back: a reply, or the socket error. */
async function sale(clientOrderId: string): Promise<RawReply | { error: string }> {
  const body = new URLSearchParams(signedSaleBody(sandbox, clientOrderId)).toString();
  return sendRaw(`${sandbox.url}/api/v2/sale/${sandbox.endpointId}`, {
    headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
    body,
  }).catch((error: NodeJS.ErrnoException) => ({ error: error.code ?? error.message }));
}

/** The orders the sandbox holds for `clientOrderId`, from its admin list. */
async function ordersOf(clientOrderId: string): Promise<{ orderid: string; status: string }[]> {
  const list = (await (
    await fetch(`${sandbox.url}/_admin/orders?limit=500&q=${encodeURIComponent(clientOrderId)}`)
  ).json()) as {
    orders: { client_orderid: string; orderid: string; status: string }[];
  };
  return list.orders.filter((o) => o.client_orderid === clientOrderId);
}

const outcomes: Record<FaultKind, { processed: boolean; seen: (reply: RawReply | { error: string }) => void }> = {
  "reset-before": { processed: false, seen: (r) => expect(r).toEqual({ error: "ECONNRESET" }) },
  "reset-after": { processed: true, seen: (r) => expect(r).toEqual({ error: "ECONNRESET" }) },
  truncate: {
    processed: true,
    seen: (r) => {
      expect("status" in r && r.status).toBe(200);
      const text = "text" in r ? r.text : "";
      expect(text.length).toBeGreaterThan(10);
      expect(() => JSON.parse(text)).toThrow();
    },
  },
  "http-502": {
    processed: false,
    seen: (r) => expect(r).toMatchObject({ status: 502, contentType: expect.stringContaining("text/html") }),
  },
  "http-503": {
    processed: false,
    seen: (r) => expect(r).toMatchObject({ status: 503, contentType: expect.stringContaining("text/html") }),
  },
  "http-504": {
    processed: true,
    seen: (r) => expect(r).toMatchObject({ status: 504, contentType: expect.stringContaining("text/html") }),
  },
  "garbage-200": {
    processed: true,
    seen: (r) => {
      expect(r).toMatchObject({ status: 200, contentType: "application/json" });
      expect(JSON.parse("text" in r ? r.text : "")).toEqual({ message: "upstream request completed", ok: true });
    },
  },
  delay: {
    processed: true,
    seen: (r) => expect(r).toMatchObject({ status: 200, contentType: expect.stringContaining(PAY_JSON) }),
  },
};

describe("network faults on the sandbox's replies", () => {
  it.each(Object.entries(outcomes) as [FaultKind, (typeof outcomes)[FaultKind]][])(
    "%s breaks the next sale's reply the documented way and leaves the order book as the gateway left it",
    async (kind, expected) => {
      const id = orderId(kind);
      sandbox.faults.next({ kind, operation: "sale", delayMs: 300 });
      const started = Date.now();
      expected.seen(await sale(id));
      if (kind === "delay") expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(await ordersOf(id)).toHaveLength(expected.processed ? 1 : 0);
      const played = sandbox.faults.list().played.at(-1);
      expect(played).toMatchObject({ kind, operation: "sale", processed: expected.processed, client_orderid: id });
      expect(log.some((line) => line.includes(`sale network fault ${kind}`))).toBe(true);
      // Faults never change the gateway: the next request with the same id is answered as usual,
      // a new order under the default duplicate rule: after a fault that processed the first, the
      // shop has charged twice (what recovering before resending prevents), else once.
      const again = await sale(id);
      expect(again).toMatchObject({ status: 200 });
      expect(await ordersOf(id)).toHaveLength(expected.processed ? 2 : 1);
      expect(sandbox.requests({ client_orderid: id, operation: "sale" })).toHaveLength(expected.processed ? 2 : 1);
    },
  );

  it("shows a fault after processing on the order's timeline", async () => {
    const id = orderId("timeline");
    sandbox.faults.next({ kind: "reset-after" });
    await sale(id);
    const [order] = await ordersOf(id);
    const detail = (await (await fetch(`${sandbox.url}/_admin/orders/${order?.orderid ?? ""}`)).json()) as {
      timeline: { text: string }[];
    };
    expect(detail.timeline.map((t) => t.text).join("\n")).toMatch(/network fault reset-after/);
  });

  it("plays a queued fault only on the operation it names, as many times as asked", async () => {
    sandbox.faults.next({ kind: "http-503", operation: "status", count: 2 });
    expect(await sale(orderId("other-op"))).toMatchObject({ status: 200 });
    expect(sandbox.faults.list().queued).toMatchObject([{ kind: "http-503", operation: "status", remaining: 2 }]);
    sandbox.faults.next({ kind: "http-502", count: 2 });
    expect(await sale(orderId("count"))).toMatchObject({ status: 502 });
    expect(await sale(orderId("count"))).toMatchObject({ status: 502 });
    expect(await sale(orderId("count"))).toMatchObject({ status: 200 });
  });

  it("queues a fault through POST /_admin/faults and refuses an unknown kind, operation or count naming the field", async () => {
    const post = async (body: string) => {
      const response = await fetch(`${sandbox.url}/_admin/faults`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const queued = await post("kind=http-504&operation=sale&count=1");
    expect(queued).toMatchObject({
      status: 200,
      body: { fault: { kind: "http-504", operation: "sale", remaining: 1 } },
    });
    expect(await sale(orderId("admin"))).toMatchObject({ status: 504 });
    expect(await post("kind=explode")).toMatchObject({
      status: 400,
      body: {
        "error-message": expect.stringMatching(/kind 'explode' is not a network fault: use one of reset-before/),
      },
    });
    expect(await post("kind=delay&operation=teleport")).toMatchObject({
      status: 400,
      body: { "error-message": expect.stringMatching(/operation 'teleport'/) },
    });
    expect(await post("kind=delay&count=0")).toMatchObject({
      status: 400,
      body: { "error-message": expect.stringMatching(/count must be a whole number from 1/) },
    });
    expect(await post("kind=delay&count=two")).toMatchObject({
      status: 400,
      body: { "error-message": expect.stringMatching(/field 'count'/) },
    });
    expect(await post("kind=delay&colour=red")).toMatchObject({
      status: 400,
      body: { "error-message": expect.stringMatching(/unknown field 'colour'/) },
    });
    expect(sandbox.faults.list().queued).toEqual([]);
    await post("kind=delay");
    expect((await fetch(`${sandbox.url}/_admin/faults`, { method: "DELETE" })).status).toBe(200);
    expect(((await (await fetch(`${sandbox.url}/_admin/faults`)).json()) as { queued: unknown[] }).queued).toEqual([]);
  });

  it("never breaks admin routes or customer pages, and reset() forgets queued faults", async () => {
    sandbox.faults.next({ kind: "reset-before" });
    expect((await fetch(`${sandbox.url}/_admin/orders`)).status).toBe(200);
    expect((await fetch(`${sandbox.url}/_dashboard`)).status).toBe(200);
    sandbox.reset();
    expect(sandbox.faults.list().queued).toEqual([]);
    expect(await sale(orderId("after-reset"))).toMatchObject({ status: 200 });
  });
});

describe("network faults by rate", () => {
  it("plays the same faults for the same seed and requests, and refuses rates it cannot play", async () => {
    const kindsOf = async (seed: number) => {
      const soak = await startSandbox({ latencyMs: 10, faults: { rates: { "http-502": 0.3, "http-503": 0.3 }, seed } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 30; i += 1) {
          const body = new URLSearchParams(signedSaleBody(soak, orderId("seeded"))).toString();
          const reply = await sendRaw(`${soak.url}/api/v2/sale/${soak.endpointId}`, {
            headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
            body,
          });
          statuses.push(reply.status);
        }
        return statuses;
      } finally {
        await soak.close();
      }
    };
    const first = await kindsOf(42);
    expect(first).toEqual(await kindsOf(42));
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(3);
    expect(first.filter((s) => s !== 200).length).toBeGreaterThan(3);
    expect(first).not.toEqual(await kindsOf(43));
    await expect(startSandbox({ faults: { rates: { "reset-after": 0.8, delay: 0.5 } } })).rejects.toThrow(
      /add up to 1\.300: at most 1/,
    );
    await expect(startSandbox({ faults: { rates: { meteor: 0.1 } as never } })).rejects.toThrow(
      /faults.rates key 'meteor' is not a network fault/,
    );
  });

  it("draws faults only on the operations named in faults.operations, refusing a name the API does not have", async () => {
    const statusOfSale = async (operations: readonly string[]) => {
      const soak = await startSandbox({ latencyMs: 10, faults: { rates: { "http-503": 1 }, operations } });
      try {
        const body = new URLSearchParams(signedSaleBody(soak, orderId("only"))).toString();
        const reply = await sendRaw(`${soak.url}/api/v2/sale/${soak.endpointId}`, {
          headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
          body,
        });
        return reply.status;
      } finally {
        await soak.close();
      }
    };
    expect(await statusOfSale(["sale"])).toBe(503);
    expect(await statusOfSale(["status", "return"])).toBe(200);
    // The rule /_admin/faults applies to its `operation` field, with the field named.
    await expect(startSandbox({ faults: { rates: { delay: 0.1 }, operations: ["refund"] } })).rejects.toThrow(
      /faults.operations entry 'refund' is not an operation of the API: use its name in the spec/,
    );
    await expect(startSandbox({ faults: { rates: { delay: 0.1 }, operations: [] } })).rejects.toThrow(
      /faults.operations must name at least one operation/,
    );
  });

  it("closes promptly with a delayed reply held", async () => {
    const held = await startSandbox({ latencyMs: 10 });
    held.faults.next({ kind: "delay", delayMs: 60_000 });
    const body = new URLSearchParams(signedSaleBody(held, orderId("held"))).toString();
    const pending = sendRaw(`${held.url}/api/v2/sale/${held.endpointId}`, {
      headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
      body,
    }).catch((e: Error) => e);
    await expect.poll(() => held.faults.list().played.length).toBe(1);
    const started = Date.now();
    await held.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await pending).toBeInstanceOf(Error);
  });

  it("takes --faults and --faults-seed on the CLI, and refuses a bad rate before starting", async () => {
    const child = spawn(cli, ["--port", "0", "--latency-ms", "10", "--faults", "http-503:1", "--faults-seed", "9"]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
      expect(output).toMatch(/faults:\s+http-503 1 \(seed 9\)/);
      const url = /url:\s+(\S+)/.exec(output)?.[1] ?? "";
      const key = /control key:\s+(\S+)/.exec(output)?.[1] ?? "";
      const body = new URLSearchParams(
        signedSaleBody({ endpointId: "1111", controlKey: key }, orderId("cli")),
      ).toString();
      const reply = await sendRaw(`${url}/api/v2/sale/1111`, {
        headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(reply.status).toBe(503);
      await expect.poll(() => output).toMatch(/sale network fault http-503 client_orderid=cli-/);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await new Promise((resolve) => child.on("exit", resolve))).toBe(0);
    const bad = spawn(cli, ["--port", "0", "--faults", "reset-after:2"]);
    let errors = "";
    bad.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    expect(await new Promise((resolve) => bad.on("exit", resolve))).toBe(2);
    expect(errors).toMatch(/faults.rates.reset-after must be a number from 0 to 1/);
  });

  it("takes --faults-operations on the CLI: the drawn faults spare the other operations; an unknown name is refused", async () => {
    const child = spawn(cli, [
      "--port",
      "0",
      "--latency-ms",
      "10",
      "--faults",
      "http-503:1",
      "--faults-operations",
      "status, return",
    ]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
      expect(output).toMatch(/faults:\s+http-503 1 on status, return only/);
      const url = /url:\s+(\S+)/.exec(output)?.[1] ?? "";
      const key = /control key:\s+(\S+)/.exec(output)?.[1] ?? "";
      const body = new URLSearchParams(
        signedSaleBody({ endpointId: "1111", controlKey: key }, orderId("cli-ops")),
      ).toString();
      const reply = await sendRaw(`${url}/api/v2/sale/1111`, {
        headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(reply.status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await new Promise((resolve) => child.on("exit", resolve))).toBe(0);
    for (const [args, refusal] of [
      [
        ["--faults", "delay:0.1", "--faults-operations", "refund"],
        /faults.operations entry 'refund' is not an operation/,
      ],
      [["--faults-operations", "sale"], /--faults-operations: names the operations of --faults, which is not given/],
    ] as const) {
      const bad = spawn(cli, ["--port", "0", ...args]);
      let errors = "";
      bad.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      expect(await new Promise((resolve) => bad.on("exit", resolve))).toBe(2);
      expect(errors).toMatch(refusal);
    }
  });
});
