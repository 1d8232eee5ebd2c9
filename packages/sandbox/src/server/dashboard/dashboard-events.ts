import type { ServerResponse } from "node:http";
import type { ChangeFeed } from "../../engine/events/change-feed.js";

// A comment line now and then keeps proxies and idle timeouts from closing a quiet stream.
const KEEP_ALIVE_MS = 15_000;

/**
 * Answers `GET /paynet/_dashboard/events` with a server-sent event stream: one `change` event
 * (`{"kind":"order","orderid":"1000001"}`) per change of the sandbox's state, until the page
 * goes away or the sandbox closes.
 */
export function openEventStream(changes: ChangeFeed, response: ServerResponse): void {
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-content-type-options": "nosniff",
  });
  response.write("retry: 1000\n: connected\n\n");
  const unsubscribe = changes.subscribe((change) => {
    response.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
  });
  const keepAlive = setInterval(() => response.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
  keepAlive.unref();
  response.on("close", () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
