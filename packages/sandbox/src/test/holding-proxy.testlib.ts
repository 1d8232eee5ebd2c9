import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A slow network on 127.0.0.1 in front of a gateway: it can hold one request on its way. */
export interface HoldingProxy {
  /** The gateway's address through it, with the upstream's path (`http://127.0.0.1:PORT/paynet`). */
  readonly url: string;
  /**
   * Holds the next request whose path holds `path` for `ms` of real time before passing it on;
   * resolves once the gateway has answered it (the answer goes back to a client that may be gone).
   */
  holdNext(path: string, ms: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy that passes every request on to `upstream` as received, and its reply back. */
export async function startHoldingProxy(upstream: string): Promise<HoldingProxy> {
  const origin = new URL(upstream).origin;
  let hold: { path: string; ms: number; answered: () => void } | undefined;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const held = hold !== undefined && (request.url ?? "").includes(hold.path) ? hold : undefined;
    if (held !== undefined) {
      hold = undefined;
      await new Promise((resolve) => setTimeout(resolve, held.ms));
    }
    const out = httpRequest(
      `${origin}${request.url}`,
      { method: request.method, headers: request.headers },
      (reply) => {
        const body: Buffer[] = [];
        reply.on("data", (chunk: Buffer) => body.push(chunk));
        reply.on("end", () => {
          held?.answered();
          if (response.destroyed) return;
          response.writeHead(reply.statusCode ?? 502, reply.headers);
          response.end(Buffer.concat(body));
        });
      },
    );
    out.on("error", () => response.destroy());
    out.end(Buffer.concat(chunks));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${new URL(upstream).pathname}`,
    holdNext: (path, ms) =>
      new Promise<void>((answered) => {
        hold = { path, ms, answered };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
