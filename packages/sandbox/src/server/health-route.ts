import type { ServerResponse } from "node:http";
import { shippedText } from "../shipped-files.js";

let packageVersion: string | undefined;

/** The sandbox package's version, read once from its package.json. */
function versionOf(): string {
  packageVersion ??= (JSON.parse(shippedText("package.json")) as { version: string }).version;
  return packageVersion;
}

/**
 * Answers `GET /paynet/_health` for a load balancer or a container's health check: 200 with the
 * package version and the seconds since the sandbox started. It needs no admin token and says
 * nothing about orders.
 */
export function sendHealth(response: ServerResponse, startedAt: number): void {
  const text = JSON.stringify({
    status: "ok",
    version: versionOf(),
    uptime_s: Math.floor((performance.now() - startedAt) / 1000),
  });
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
}
