import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo, Socket } from "node:net";
import type { SaleRequest } from "@card-processing/types";

/** A request as the test server received it. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, e.g. `/paynet/api/v2/sale/1111`. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly form: URLSearchParams;
}

/** What the test server answers; an object body is sent as JSON. */
export interface TestReply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: string | object;
  /** Wait this long before answering. */
  readonly delayMs?: number;
  /** Drop the connection instead of answering. */
  readonly destroy?: boolean;
}

export interface TestServer {
  /** Base address with the `/paynet` prefix. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

const VENDOR = "application/vnd.pay+json";

/** Starts a tiny gateway stand-in on 127.0.0.1 with a random port. */
export async function startTestServer(
  handler: (request: RecordedRequest) => TestReply | Promise<TestReply>,
): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body,
      form: new URLSearchParams(body),
    };
    requests.push(recorded);
    const reply = await handler(recorded);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const text =
      typeof reply.body === "string" ? reply.body : reply.body === undefined ? "" : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, { "content-type": VENDOR, ...reply.headers });
    res.end(text);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paynet`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An `async-response` acknowledgement, as the gateway sends it. */
export function asyncReply(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "async-response",
    status: "processing",
    "serial-number": "00000000-0000-0000-0000-0000026f8e3a",
    "merchant-order-id": "902B4FF5",
    "paynet-order-id": 1234567,
    "end-point-id": 1111,
    ...overrides,
  };
}

/** A complete sale body (test card data): the spec's own sale example, without its `control`. */
export const saleBody: Omit<SaleRequest, "control"> = (() => {
  const spec = createRequire(import.meta.url)("@card-processing/types/openapi.json") as {
    paths: Record<
      string,
      { post: { requestBody: { content: Record<string, { examples: { sale: { value: SaleRequest } } }> } } }
    >;
  };
  const { control: _control, ...body } =
    spec.paths["/api/v2/sale/{endpointId}"]!.post.requestBody.content["application/x-www-form-urlencoded"]!.examples
      .sale.value;
  return body;
})();
