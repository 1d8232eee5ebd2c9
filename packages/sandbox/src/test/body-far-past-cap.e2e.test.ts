import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { MAX_BODY_BYTES } from "../server/api/body-limit.js";

// A sale whose body is 64 MB, sent in chunks without a length, so only counting what arrives can
// stop it: the sandbox must answer its refusal while the body is still coming, having kept at most
// its limit of it in memory, close the connection rather than read the rest, and go on answering others.
const FAR_PAST = 64 * 1024 * 1024;
const CHUNK = 64 * 1024;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 0 });
});
afterAll(() => sandbox.close());

it("refuses a chunked body 70 times its cap while it is still arriving, without holding it", async () => {
  const { hostname, port } = new URL(sandbox.url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let reply = "";
  let sentWhenAnswered: number | undefined;
  let sent = 0;
  socket.on("data", (data: Buffer) => {
    reply += data.toString("latin1");
    sentWhenAnswered ??= sent;
  });
  socket.on("error", () => {});
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  socket.write(
    `POST /paynet/api/v2/sale/${sandbox.endpointId} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
      "Accept: application/vnd.pay+json\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
      "Transfer-Encoding: chunked\r\n\r\n",
  );
  const chunk = `${CHUNK.toString(16)}\r\n${"a".repeat(CHUNK)}\r\n`;
  while (sent < FAR_PAST && !socket.destroyed) {
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
    sent += CHUNK;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    // Let the reply in after every chunk, as a client reading while it sends does.
    await new Promise((resolve) => setImmediate(resolve));
  }
  socket.end("0\r\n\r\n");
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();

  expect(reply).toMatch(/^HTTP\/1\.1 400 /);
  expect(reply).toContain(`over the ${MAX_BODY_BYTES / 1024} KiB limit`);
  // Answered before the body's end: the refusal did not wait for 64 MB (the loopback buffers hold
  // megabytes, so "before" is all it says).
  expect(sentWhenAnswered).toBeDefined();
  expect(sentWhenAnswered ?? FAR_PAST).toBeLessThan(FAR_PAST / 2);
  // It closed the connection after its refusal instead of reading the rest: the 64 MB never all went out.
  expect(reply).toMatch(/\r\nconnection: close\r\n/i);
  expect(sent).toBeLessThan(FAR_PAST);
  // The sandbox (in this process) held at most about its limit of the body, not the 64 MB sent.
  expect(heapPeak - heapBefore).toBeLessThan(32 * 1024 * 1024);
  // And it still answers.
  const after = await fetch(`${sandbox.url}/api/v2/status/${sandbox.endpointId}`, {
    method: "POST",
    headers: { accept: "application/vnd.pay+json" },
    body: new URLSearchParams({ login: "x" }),
  });
  expect(after.status).toBe(400);
  await after.arrayBuffer();
});
