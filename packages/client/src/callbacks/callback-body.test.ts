import { once } from "node:events";
import { createServer, type IncomingMessage, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CALLBACK_BODY_LIMIT } from "../transport/capped-body.js";
import { createCallbackHandler } from "./callback-handler.js";
import { toNodeListener } from "./node-listener.js";

// An unauthenticated POST far past the limit: 200 MB of form body, streamed in 64 KB chunks.
const total = 200 * 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, "a");
let calls = 0;
const handler = createCallbackHandler({
  controlKey: "test-merchant-control",
  onCallback: () => {
    calls += 1;
  },
  onError: () => {},
});

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.close();
    server.closeAllConnections();
  }
});

/** A node:http server with `toNodeListener(handler)`, counting the body bytes the listener pulled. */
async function serve(): Promise<{ port: number; pulled: () => number }> {
  let pulled = 0;
  const listener = toNodeListener(handler);
  const server = createServer((req: IncomingMessage, res) => {
    const counted = Object.assign(Object.create(null), {
      method: req.method,
      url: req.url,
      headers: req.headers,
      [Symbol.asyncIterator]: () => {
        const chunks = req[Symbol.asyncIterator]();
        return {
          next: async () => {
            const step = await chunks.next();
            if (!step.done) pulled += (step.value as Buffer).byteLength;
            return step;
          },
        };
      },
    });
    void listener(counted, res);
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { port: (server.address() as AddressInfo).port, pulled: () => pulled };
}

/** Streams up to 200 MB until the server answers; resolves with its answer and what was sent. */
function postHuge(port: number, chunked: boolean): Promise<{ status: number | undefined; text: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/payments/callback",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(chunked ? {} : { "content-length": String(total) }),
      },
    });
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => {
        text += part;
      });
      res.on("end", () => {
        resolve({ status: res.statusCode, text, sent });
        req.destroy();
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("a callback body past the limit", () => {
  for (const chunked of [false, true]) {
    it(`is answered 413 on node:http before the rest is read (${chunked ? "chunked, no Content-Length" : "with Content-Length"})`, async () => {
      const { port, pulled } = await serve();
      const rssBefore = process.memoryUsage().rss;
      const answer = await postHuge(port, chunked);
      const grown = process.memoryUsage().rss - rssBefore;
      console.log(
        `413 body test (${chunked ? "chunked" : "content-length"}): answer ${answer.status}, client sent ${answer.sent} bytes, listener pulled ${pulled()}, rss grew ${grown} bytes`,
      );
      expect(answer.status).toBe(413);
      expect(answer.text).toContain(`${CALLBACK_BODY_LIMIT} bytes`);
      expect(pulled()).toBeLessThanOrEqual(CALLBACK_BODY_LIMIT + chunk.byteLength);
      expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
      expect(grown).toBeLessThan(64 * 1024 * 1024);
      expect(calls).toBe(0);
    });
  }
});

describe("a callback body past the limit, as a web Request", () => {
  /** A stream of 64 KB chunks up to 200 MB, counting what the handler pulled from it. */
  function hugeBody() {
    const counter = { pulled: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        counter.pulled += chunk.byteLength;
        controller.enqueue(new Uint8Array(chunk));
      },
      cancel() {
        counter.cancelled = true;
      },
    });
    return { stream, counter };
  }

  for (const declared of [true, false]) {
    it(`is answered 413 and the stream cancelled (${declared ? "with" : "without"} Content-Length)`, async () => {
      const { stream, counter } = hugeBody();
      const response = await handler(
        new Request("http://shop.test/payments/callback", {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            ...(declared ? { "content-length": String(total) } : {}),
          },
          body: stream,
          duplex: "half",
        } as RequestInit),
      );
      expect(response.status).toBe(413);
      expect(counter.cancelled).toBe(true);
      expect(counter.pulled).toBeLessThanOrEqual(CALLBACK_BODY_LIMIT + 2 * chunk.byteLength);
      expect(calls).toBe(0);
    });
  }

  it("still reads a POST form under the limit", async () => {
    const response = await handler(
      new Request("http://shop.test/payments/callback", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "status=approved&orderid=1&client_orderid=A1",
      }),
    );
    expect([response.status, await response.text()]).toEqual([400, "no control parameter"]);
  });
});
