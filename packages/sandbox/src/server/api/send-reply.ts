import type { ServerResponse } from "node:http";
import { PAY_JSON, type Reply } from "../../operations/replies.js";

/** Writes `reply` as `application/vnd.pay+json`. */
export function sendReply(response: ServerResponse, reply: Reply): void {
  const text = JSON.stringify(reply.body);
  response.writeHead(reply.httpStatus, {
    "content-type": `${PAY_JSON}; charset=utf-8`,
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
}
