import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

async function started(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; output: string }> {
  const child = spawn(cli, ["--port", "0", "--quiet", ...args]);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
  return { child, output };
}

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cli, args);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  const exited = new Promise((resolve) => child.on("exit", resolve));
  process.kill(child.pid ?? 0, "SIGTERM");
  await exited;
}

describe("card-processing-sandbox's dashboard and admin token", () => {
  it("prints the dashboard's address and no token on 127.0.0.1", async () => {
    const { child, output } = await started([]);
    try {
      const dashboard = /dashboard:\s+(\S+)/.exec(output)?.[1] ?? "";
      expect(dashboard).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/paynet\/_dashboard$/);
      expect(output).not.toContain("admin token:");
      expect((await fetch(dashboard)).status).toBe(200);
    } finally {
      await stop(child);
    }
  });

  it("on 0.0.0.0 prints a generated token that the admin routes and trigger --admin-token need", async () => {
    // Listens on every interface; the test connects through 127.0.0.1 only.
    const { child, output } = await started(["--host", "0.0.0.0"]);
    try {
      const token = /admin token:\s+(\S+)/.exec(output)?.[1] ?? "";
      expect(token).toMatch(/^[0-9a-f]{48}$/);
      const dashboard = /dashboard:\s+(\S+)/.exec(output)?.[1] ?? "";
      // The banner shows the addresses teammates use; the test connects through this machine's.
      expect(dashboard).toMatch(new RegExp(`^http://[0-9.]+:[0-9]+/paynet/_dashboard\\?token=${token}$`));
      const base = /(\S+) \(this machine\)/.exec(output)?.[1] ?? "";
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/paynet$/);
      expect((await fetch(`${base}/_admin/orders`)).status).toBe(401);
      const refused = await run(["trigger", "chargeback", "--order", "999", "--url", base]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("admin token");
      const allowed = await run(["trigger", "chargeback", "--order", "999", "--url", base, "--admin-token", token]);
      expect(allowed.code).toBe(1);
      expect(allowed.stderr).toContain("no order 999");
    } finally {
      await stop(child);
    }
  });

  it("takes --admin-token and requires it even on 127.0.0.1", async () => {
    const { child, output } = await started(["--admin-token", "chosen-admin-token-0001"]);
    try {
      expect(output).toMatch(/admin token:\s+chosen-admin-token-0001/);
      const base = /url:\s+(\S+)/.exec(output)?.[1] ?? "";
      expect((await fetch(`${base}/_admin/clock`)).status).toBe(401);
      expect(
        (await fetch(`${base}/_admin/clock`, { headers: { authorization: "Bearer chosen-admin-token-0001" } })).status,
      ).toBe(200);
    } finally {
      await stop(child);
    }
  });
});
