import type { ServerResponse } from "node:http";
import type { ChosenFault } from "./network-faults.js";

/** A proxy's error page, as load balancers send them: HTML, not the gateway's media type. */
function proxyPage(httpStatus: 502 | 503 | 504): string {
  const title = { 502: "502 Bad Gateway", 503: "503 Service Unavailable", 504: "504 Gateway Time-out" }[httpStatus];
  return `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>proxy</center></body></html>\n`;
}

/** What a proxy that stopped caring about the upstream's reply answers with HTTP 200. */
const foreignBody = JSON.stringify({ message: "upstream request completed", ok: true });

function writeProxyPage(response: ServerResponse, httpStatus: 502 | 503 | 504): void {
  const page = proxyPage(httpStatus);
  response.writeHead(httpStatus, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(page),
    "cache-control": "no-store",
  });
  response.end(page);
}

/**
 * Answers a request the gateway did not process with `fault`'s way of failing: a reset
 * connection, or a proxy's 502/503 page.
 */
export function playFaultBefore(response: ServerResponse, fault: ChosenFault): void {
  if (fault.kind === "http-502" || fault.kind === "http-503") {
    writeProxyPage(response, fault.kind === "http-502" ? 502 : 503);
    return;
  }
  response.socket?.resetAndDestroy();
}

/**
 * Delivers `send` (the gateway's real reply) the way `fault` spoils it. `delayed` registers a
 * held reply's timer so that closing the sandbox can cut the wait short; it resolves when done.
 */
export async function playFaultAfter(
  response: ServerResponse,
  fault: ChosenFault,
  reply: { readonly text: string; readonly contentType: string },
  send: () => void,
  delayed: (ms: number) => Promise<void>,
): Promise<void> {
  switch (fault.kind) {
    case "reset-after":
      response.socket?.resetAndDestroy();
      return;
    case "delay":
      await delayed(fault.delayMs);
      if (!response.destroyed && response.socket !== null && !response.socket.destroyed) send();
      return;
    case "truncate": {
      // Written to the socket by hand: without Content-Length and with the connection closed
      // after half the body, a client cannot tell the cut from the end of a whole reply.
      const socket = response.socket;
      if (socket === null) return;
      const body = Buffer.from(reply.text);
      const head = `HTTP/1.1 200 OK\r\ncontent-type: ${reply.contentType}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n`;
      response.detachSocket(socket);
      socket.end(Buffer.concat([Buffer.from(head), body.subarray(0, Math.floor(body.length / 2))]));
      return;
    }
    case "http-504":
      writeProxyPage(response, 504);
      return;
    case "garbage-200":
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(foreignBody),
        "cache-control": "no-store",
      });
      response.end(foreignBody);
      return;
    default:
      send();
  }
}
