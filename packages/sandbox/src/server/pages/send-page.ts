import type { ServerResponse } from "node:http";
import type { PageReply } from "./end-pages.js";
import { pageContentSecurityPolicy } from "./html.js";

/**
 * Writes a page, or the redirect a page answers with: never cached, as each shows one order's
 * state, and never framed by another site (`frame-ancestors 'none'` and `X-Frame-Options: DENY`
 * for browsers without the former), so no page can lay itself over the card form.
 */
export function sendPage(response: ServerResponse, reply: PageReply): void {
  const headers: Record<string, string> = {
    "cache-control": "no-store",
    "content-security-policy": pageContentSecurityPolicy,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
  };
  if (reply.allow !== undefined) headers["allow"] = reply.allow;
  if (reply.location !== undefined) {
    response.writeHead(reply.httpStatus, { ...headers, location: reply.location });
    response.end();
    return;
  }
  response.writeHead(reply.httpStatus, { ...headers, "content-type": "text/html; charset=utf-8" });
  response.end(reply.html ?? "");
}
