import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");

function run(script: string, args: string[] = []): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // The examples are TypeScript, run through tsx as `pnpm demo` runs them.
    const child = spawn(process.execPath, ["--import", "tsx", join(repo, script), ...args], { cwd: repo });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("the examples (pnpm demo)", () => {
  it("run against a fresh sandbox and all pass, printing a transcript", async () => {
    const { code, output } = await run("examples/run-demo.ts");
    expect(output).toContain("All 9 examples passed.");
    expect(code).toBe(0);
    expect(output).toMatch(/callback received and verified: status=approved/);
    expect(output).toMatch(/partial capture of 30\.00 USD: approved/);
    expect(output).toMatch(/final: approved, 3-D Secure AUTHENTICATED/);
    expect(output).toMatch(/hosted payment page for .*\/paynet\/hosted\//);
    expect(output).toMatch(/signed with HMAC-SHA1/);
    expect(output).toMatch(/recurring-payment-id [0-9]+/);
    expect(output).toMatch(/partial refund of 4\.00 USD: approved, confirmed by its own status/);
    expect(output).toMatch(/Sandbox delivered 1 of 1 callbacks/);
    expect(output).toMatch(/outcome of the lost sale: unknown, recovery applied: true/);
  }, 60_000);
});
