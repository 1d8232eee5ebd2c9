import type { ServerResponse } from "node:http";
import type { PageReply } from "./hosted-page.js";

/** Writes a page, or the redirect a page answers with; never cached, as each shows one order's state. */
export function sendPage(response: ServerResponse, reply: PageReply): void {
  if (reply.location !== undefined) {
    response.writeHead(reply.httpStatus, { location: reply.location, "cache-control": "no-store" });
    response.end();
    return;
  }
  response.writeHead(reply.httpStatus, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(reply.html ?? "");
}
