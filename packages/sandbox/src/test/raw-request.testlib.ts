import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What a raw request got back: the status, the headers (`set-cookie` as a list) and the body. */
export interface RawReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/**
 * One request to `port` on 127.0.0.1 with exactly the target and headers given (no `fetch` rule
 * about Host, Origin, Sec-Fetch-Site or Cookie applies): `Host` is `127.0.0.1:PORT` unless given.
 */
export function rawRequest(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: target,
        method: options.method ?? "GET",
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
        agent: false,
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

/** A request a {@link RecordingUpstream} received: method, target and headers. */
export interface SeenRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
}

/** A tiny upstream gateway on 127.0.0.1 that answers 200 `{}` and records every request it receives. */
export interface RecordingUpstream {
  /** Its base URL with the `/paynet` prefix. */
  readonly url: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a {@link RecordingUpstream}. */
export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      seen.push({ method: request.method ?? "", target: request.url ?? "", headers: request.headers });
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
