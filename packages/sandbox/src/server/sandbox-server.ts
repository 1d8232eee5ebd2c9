import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

/** A PEM certificate and key (the `tls` option, checked for shape). */
export interface ServerTls {
  readonly cert: string;
  readonly key: string;
}

/**
 * The sandbox's server: node:http, or node:https with `tls`, both with the one request listener,
 * so every route is served the same over either. node:https's server has every method of
 * node:http's the sandbox uses (it is made from it), hence the one type.
 */
export function createSandboxServer(
  listener: (request: IncomingMessage, response: ServerResponse) => void,
  tls: ServerTls | undefined,
): Server {
  let server: Server;
  if (tls === undefined) server = createHttpServer(listener);
  else {
    try {
      server = createHttpsServer({ cert: tls.cert, key: tls.key }, listener) as unknown as Server;
    } catch (error) {
      // node:tls says which part it could not read (a key that does not match, a broken PEM).
      const reason = error instanceof Error ? error.message : String(error);
      throw new TypeError(`tls: the certificate and key were refused by node:tls (${reason})`, { cause: error });
    }
  }
  server.keepAliveTimeout = 5_000;
  return server;
}

/** Listens on `port` and `host`; resolves to the port taken (a free one for 0). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
