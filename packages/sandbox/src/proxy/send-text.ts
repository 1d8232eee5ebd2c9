import type { ServerResponse } from "node:http";

/** Answers with `text` of `contentType`, never cached: the proxy's own pages and its refusals. */
export function sendText(response: ServerResponse, status: number, contentType: string, text: string): void {
  response.writeHead(status, {
    "content-type": contentType,
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  response.end(text);
}
