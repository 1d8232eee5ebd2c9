import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

/** Runs the CLI until it prints its banner (then stops it) or exits on its own. */
async function runCli(args: string[]): Promise<{ code: number | null; output: string; errors: string }> {
  const child = spawn(cli, ["--port", "0", "--quiet", ...args]);
  let output = "";
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("test cards:")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output, errors };
}

describe("the CLI's generated private key file", () => {
  it("is created with mode 0600 in a private folder of its own under the temporary folder", async () => {
    // A login of its own: with no key flag on loopback the CLI takes the example merchant, writing no key.
    const { code, output } = await runCli(["--login", "shop"]);
    expect(code).toBe(0);
    const path = /private key:\s+(\S+)/.exec(output)?.[1] ?? "";
    expect(dirname(dirname(path))).toBe(tmpdir());
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8")).toContain("BEGIN PRIVATE KEY");
    rmSync(dirname(path), { recursive: true });
  });

  it("does not follow a symlink planted at --private-key-out", async () => {
    const folder = mkdtempSync(join(tmpdir(), "sandbox-cli-link-"));
    const victim = join(folder, "victim.txt");
    writeFileSync(victim, "precious\n", { mode: 0o644 });
    const link = join(folder, "key.pem");
    symlinkSync(victim, link);
    const { code, errors } = await runCli(["--private-key-out", link]);
    expect(code).toBe(1);
    expect(errors).toContain(`--private-key-out: ${link} already exists`);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    rmSync(folder, { recursive: true });
  });

  it("does not write over an existing file, which would keep its 0644 mode", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "sandbox-cli-old-")), "key.pem");
    writeFileSync(file, "old\n", { mode: 0o644 });
    const { code, errors } = await runCli(["--private-key-out", file]);
    expect(code).toBe(1);
    expect(errors).toContain(`--private-key-out: ${file} already exists`);
    expect(readFileSync(file, "utf8")).toBe("old\n");
    expect(statSync(file).mode & 0o777).toBe(0o644);
    rmSync(dirname(file), { recursive: true });
  });
  it("is not written when another flag is wrong: every flag is checked before the key is made", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-key-bad-flag-"));
    const file = join(dir, "key.pem");
    try {
      const { code, errors } = await runCli(["--private-key-out", file, "--latency-ms", "soon"]);
      expect(code).toBe(2);
      expect(errors).toContain('--latency-ms: expected a number, got "soon"');
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
