import { describe, expect, it } from "vitest";
import { startSandbox } from "../index.js";

async function firstLine(host: string): Promise<{ line: string; port: number }> {
  const log: string[] = [];
  const sandbox = await startSandbox({ host, latencyMs: 0, logger: (line) => log.push(line) });
  await sandbox.close();
  return { line: log[0] ?? "", port: sandbox.port };
}

describe("the sandbox's first log line", () => {
  it("says the address it is bound to: every interface, and the one to use on this machine", async () => {
    const { line, port } = await firstLine("0.0.0.0");
    expect(line).toBe(
      `sandbox listening on http://0.0.0.0:${port}/paynet (every interface: http://127.0.0.1:${port}/paynet on this machine, its network addresses from others)`,
    );
  });

  it("says the loopback address it is bound to as it is", async () => {
    const { line, port } = await firstLine("127.0.0.1");
    expect(line).toBe(`sandbox listening on http://127.0.0.1:${port}/paynet`);
  });
});
