// The callback endpoints of "Using the API without TypeScript" (Python and PHP, generated from the
// spec's callback signature rule), run as the page says and checked by the sandbox's
// check-callbacks: genuine, duplicate, forged, unsigned, tampered, out of order, POST form.
import { type ChildProcess, spawn } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkCallbackEndpoint } from "../../packages/sandbox/src/index.ts";
import { exampleMerchant } from "../../packages/types/src/index.ts";
import { callbackReceivers } from "./callback-receivers.ts";
import { samplesFolder } from "./sample-runs.testlib.ts";

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answering(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the endpoint exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never answered`);
}

describe("the callback endpoints of the page without TypeScript", () => {
  it.each(callbackReceivers().map((sample) => [sample.label, sample] as const))(
    "%s passes every case of check-callbacks with the example merchant's key",
    async (_, sample) => {
      const dir = await samplesFolder();
      const port = await freePort();
      await writeFile(join(dir, sample.file), sample.source);
      const args = sample.command === "php" ? ["-S", `127.0.0.1:${port}`, sample.file] : [sample.file];
      const child = spawn(sample.command, args, { cwd: dir, env: { ...process.env, PORT: String(port) } });
      let errors = "";
      child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      try {
        const url = `http://127.0.0.1:${port}/callback`;
        await answering(url, child);
        const report = await checkCallbackEndpoint(url, { controlKey: exampleMerchant.controlKey });
        const failed = report.results.filter((result) => !result.pass);
        expect(failed, errors).toEqual([]);
        expect(report.results.length).toBeGreaterThanOrEqual(8);
      } finally {
        child.kill("SIGTERM");
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
