import type { Server } from "node:http";

/**
 * Stops `server` accepting connections and resolves once every connection has ended: requests in
 * flight get up to `graceMs` to finish (idle keep-alive connections are closed as they fall idle),
 * then whatever is left is cut. With `graceMs` 0 every connection is cut at once.
 */
export function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const deadline = performance.now() + graceMs;
    let closed = false;
    server.close(() => {
      closed = true;
      resolve();
    });
    if (graceMs <= 0) {
      server.closeAllConnections();
      return;
    }
    // A keep-alive connection that finishes its request after close() stays open until closed
    // idle; look again every 25 ms until none is left or the grace runs out.
    const sweep = () => {
      if (closed) return;
      if (performance.now() >= deadline) {
        server.closeAllConnections();
        return;
      }
      server.closeIdleConnections();
      setTimeout(sweep, 25);
    };
    sweep();
  });
}
