import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { saleBody } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { ReplyError } from "../errors/reply-error.js";
import { REPLY_BODY_LIMIT, REPORT_BODY_LIMIT, readCapped } from "./capped-body.js";

// A hostile or broken gateway (or anything in front of it) answers with far more than any reply
// can be. The client must stop reading at its limit, cancel the rest, and say so honestly.

const MiB = 1024 * 1024;
const STREAMED = 64 * MiB;
const chunk = Buffer.alloc(64 * 1024, "A");
const JSON_TYPE = { "content-type": "application/vnd.pay+json" };
const CSV_TYPE = { "content-type": "text/csv" };
const csvHeader = "id,created,type,status,paynet-order-id,merchant-order-id,end-point-id,amount,currency,serial-number";
const lastHour = { createdFromDate: new Date(Date.now() - 3_600_000), createdToDate: new Date() };

type Answer = (res: ServerResponse) => Promise<void> | void;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A server on 127.0.0.1 (port 0) that answers every request with `answer`, and counts them. */
async function serve(answer: Answer) {
  const seen = { requests: 0 };
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    seen.requests++;
    await answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  const gateway = createGateway({
    baseUrl: `http://127.0.0.1:${port}/paynet`,
    endpointId: 1111,
    login: "shop",
    controlKey: "KEY",
    timeoutMs: 10_000,
  });
  return { gateway, seen };
}

/**
 * Writes `prefix`, then chunks of `A` up to `total` bytes (chunked, no Content-Length, unless
 * `headers` says one), waiting for each to drain; `written` is what the socket took before the
 * client went away.
 */
function streamed(total: number, headers: Record<string, string>, prefix = '{"type":"async-response","html":"') {
  const written = { bytes: 0 };
  const answer: Answer = async (res) => {
    res.writeHead(200, headers);
    res.write(prefix);
    written.bytes += prefix.length;
    while (written.bytes < total && !res.destroyed) {
      const ok = res.write(chunk);
      written.bytes += chunk.byteLength;
      if (!ok) await drainedOrClosed(res);
    }
    if (!res.destroyed) res.end();
  };
  return { answer, written };
}

/** Resolves when `res` can take more, or is closed. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** Runs `step` and returns its result with the peak growth of the heap and array buffers meanwhile. */
async function peakGrowth<T>(step: () => Promise<T>): Promise<{ result: T; grown: number }> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = used();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  try {
    const result = await step();
    peak = Math.max(peak, used());
    return { result, grown: peak - before };
  } finally {
    clearInterval(timer);
  }
}

function expectTooLarge(error: unknown, limit: number) {
  expect(error).toBeInstanceOf(ReplyError);
  expect(error).toMatchObject({ code: "ERR_REPLY_TOO_LARGE", outcome: "unknown", operationId: "sale" });
  const { message } = error as Error;
  expect(message).toContain(`sale: the reply (HTTP 200, application/vnd.pay+json) is over the ${limit} bytes`);
  expect(message).toMatch(/The sale may have taken effect at the gateway: pass this error to gateway\.recover/);
  expect(message).not.toContain("AAAA");
}

describe("a reply far past the limit", () => {
  it("streamed chunked without a length (64 MiB): the client stops after about the limit and holds no more", async () => {
    const { answer, written } = streamed(STREAMED, JSON_TYPE);
    const { gateway, seen } = await serve(answer);
    const { result, grown } = await peakGrowth(() => gateway.sale(saleBody));
    console.log(`a 64 MiB reply: the server wrote ${written.bytes} bytes, memory grew ${grown} bytes at its peak`);
    expectTooLarge(result.error, REPLY_BODY_LIMIT);
    expect(seen.requests).toBe(1);
    expect(written.bytes).toBeLessThan(STREAMED / 4);
    expect(grown).toBeLessThan(STREAMED / 2);
  });

  it("whose Content-Length says more than the limit: refused before reading, without waiting for the body", async () => {
    const { gateway } = await serve((res) => {
      res.writeHead(200, { ...JSON_TYPE, "content-length": String(10 * 1024 * MiB) });
      res.write('{"type":"async-response"');
      // ...and nothing more: a client that waited for the body would wait for its deadline.
    });
    const started = performance.now();
    const { error } = await gateway.sale(saleBody);
    expectTooLarge(error, REPLY_BODY_LIMIT);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("whose Content-Length understates it (a gzip bomb: 64 MiB in 64 KB): counted as decoded", async () => {
    const bomb = gzipSync(Buffer.alloc(STREAMED, "A"));
    const { gateway } = await serve((res) => {
      res.writeHead(200, { ...JSON_TYPE, "content-encoding": "gzip", "content-length": String(bomb.byteLength) });
      res.end(bomb);
    });
    expect(bomb.byteLength).toBeLessThan(REPLY_BODY_LIMIT);
    const { result, grown } = await peakGrowth(() => gateway.sale(saleBody));
    expectTooLarge(result.error, REPLY_BODY_LIMIT);
    expect(grown).toBeLessThan(STREAMED / 2);
  });
});

describe("a reply at the limit", () => {
  const reply = {
    type: "status-response",
    status: "approved",
    amount: "10.42",
    currency: "USD",
    "paynet-order-id": "1234567",
    "merchant-order-id": "902B4FF5",
    "serial-number": "s-1",
    html: "",
  };
  const bare = JSON.stringify(reply).length;
  /** A status reply of exactly `size` bytes, padded in `html`. */
  const statusReplyOf = (size: number) => JSON.stringify({ ...reply, html: "h".repeat(size - bare) });

  for (const length of [true, false]) {
    it(`is read whole at exactly the limit, refused one byte past it (${length ? "with Content-Length" : "chunked"})`, async () => {
      let size = REPLY_BODY_LIMIT;
      const { gateway } = await serve((res) => {
        const text = statusReplyOf(size);
        res.writeHead(200, length ? { ...JSON_TYPE, "content-length": String(text.length) } : JSON_TYPE);
        // Two writes, so that a chunked body comes in more than one chunk.
        res.write(text.slice(0, 1000));
        res.end(text.slice(1000));
      });
      const at = await gateway.status({ client_orderid: "902B4FF5", orderid: "1234567" });
      expect(at.error).toBeUndefined();
      expect(at.data?.html).toHaveLength(REPLY_BODY_LIMIT - bare);
      size = REPLY_BODY_LIMIT + 1;
      const past = await gateway.status({ client_orderid: "902B4FF5", orderid: "1234567" });
      expect(past.error).toMatchObject({ code: "ERR_REPLY_TOO_LARGE", operationId: "status" });
      expect(past.error?.message).toContain(`over the ${REPLY_BODY_LIMIT} bytes`);
    });
  }
});

describe("the transactions report's larger limit", () => {
  const row = (i: number) => `${i},2026-11-26 10:00:00,sale,approved,${i},order-${i},1111,10.42,USD,s-${i}\n`;

  it("reads a report past the reply limit", async () => {
    let text = `${csvHeader}\n`;
    for (let i = 0; text.length <= REPLY_BODY_LIMIT + MiB; i++) text += row(i);
    const { gateway } = await serve((res) => {
      res.writeHead(200, CSV_TYPE);
      res.end(text);
    });
    const { data, error } = await gateway.transactionReport(lastHour);
    expect(error).toBeUndefined();
    expect(data?.length).toBe(text.split("\n").length - 2);
  });

  it("refuses one streamed past the report's limit, left unread, asking for a shorter period", async () => {
    const { answer, written } = streamed(STREAMED, CSV_TYPE, `${csvHeader}\n`);
    const { gateway } = await serve(answer);
    const { error } = await gateway.transactionReport(lastHour);
    expect(error).toBeInstanceOf(ReplyError);
    expect(error).toMatchObject({ code: "ERR_REPLY_TOO_LARGE", outcome: "not-applied" });
    expect(error?.message).toBe(
      `transactionReport: the reply is over the ${REPORT_BODY_LIMIT} bytes the client reads of the report, and was left unread: ask for a shorter period.`,
    );
    expect(written.bytes).toBeLessThan(REPORT_BODY_LIMIT + STREAMED / 4);
  });
});

describe("reading in chunks", () => {
  /** The chunks one after the other, as a body reader hands them out. */
  const chunksOf = (...chunks: (Uint8Array | string)[]) => {
    const iterator = chunks[Symbol.iterator]();
    return async () => iterator.next();
  };
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("decodes a character split between two chunks whole, and text chunks as UTF-8", async () => {
    const cafe = bytes("caf\u00e9 \u20ac"); // é is two bytes, € three
    const split = [cafe.slice(0, 4), cafe.slice(4, 7), cafe.slice(7)];
    expect(await readCapped(chunksOf(...split), 100)).toEqual({ text: "caf\u00e9 \u20ac" });
    expect(await readCapped(chunksOf(bytes("ca"), "f\u00e9", bytes("!")), 100)).toEqual({ text: "caf\u00e9!" });
    expect(await readCapped(chunksOf(), 100)).toEqual({ text: "" });
  });

  it("counts bytes, not characters, against the limit", async () => {
    // "é" twice is 4 bytes in UTF-8: within a limit of 4, past a limit of 3.
    expect(await readCapped(chunksOf("\u00e9", bytes("\u00e9")), 4)).toEqual({ text: "\u00e9\u00e9" });
    expect(await readCapped(chunksOf("\u00e9", bytes("\u00e9")), 3)).toEqual({ tooLarge: true });
  });
});
