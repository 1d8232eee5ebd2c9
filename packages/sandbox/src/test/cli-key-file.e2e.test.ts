import { spawn } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

/** What the CLI printed and how it ended. */
interface CliRun {
  readonly code: number | null;
  readonly output: string;
  readonly errors: string;
}

/**
 * Runs the CLI until it prints its banner (then calls `whileUp` and stops it with `signal`) or
 * exits on its own. `env` is added to this process's environment.
 */
async function runCli(
  args: string[],
  {
    signal = "SIGTERM",
    env = {},
    whileUp = () => {},
  }: { signal?: NodeJS.Signals; env?: object; whileUp?: (output: string) => void } = {},
): Promise<CliRun> {
  const child = spawn(cli, ["--port", "0", "--quiet", ...args], { env: { ...process.env, ...env } });
  let output = "";
  let errors = "";
  let stopping = false;
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (stopping || !output.includes("test cards:")) return;
    stopping = true;
    try {
      whileUp(output);
    } finally {
      child.kill(signal);
    }
  });
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output, errors };
}

/** A temporary folder of the test's own, given to the CLI as its TMPDIR; removed after `use`. */
async function withOwnTmpdir(use: (folder: string) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "sandbox-cli-tmpdir-"));
  try {
    await use(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("the CLI's generated private key file", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "is created with mode 0600 in a private folder of its own, removed with the folder on %s",
    (signal) =>
      withOwnTmpdir(async (tmp) => {
        let seen: { folderMode: number; fileMode: number; pem: string } | undefined;
        let path = "";
        // A login of its own: with no key flag on loopback the CLI takes the example merchant, writing no key.
        const { code, output } = await runCli(["--login", "shop"], {
          signal,
          env: { TMPDIR: tmp },
          whileUp: (banner) => {
            path = /private key:\s+(\S+)/.exec(banner)?.[1] ?? "";
            const folderMode = statSync(dirname(path)).mode & 0o777;
            seen = { folderMode, fileMode: statSync(path).mode & 0o777, pem: readFileSync(path, "utf8") };
          },
        });
        expect(code).toBe(0);
        // Stopped, it leaves nothing in the temporary folder.
        expect(readdirSync(tmp)).toEqual([]);
        expect(output).toMatch(
          /private key:\s+\S+ \(generated RSA 2048, for the v4 operations; removed when the sandbox stops\)/,
        );
        expect(dirname(dirname(path))).toBe(tmp);
        expect(seen?.folderMode).toBe(0o700);
        expect(seen?.fileMode).toBe(0o600);
        expect(seen?.pem).toContain("BEGIN PRIVATE KEY");
      }),
  );

  it("is removed when the sandbox fails to start after making it (its port taken)", () =>
    withOwnTmpdir(async (tmp) => {
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
      try {
        const port = String((taken.address() as { port: number }).port);
        const { code, errors } = await runCli(["--login", "shop", "--port", port], { env: { TMPDIR: tmp } });
        expect(code).toBe(1);
        expect(errors).toContain(port);
        expect(readdirSync(tmp)).toEqual([]);
      } finally {
        await new Promise<void>((resolve) => taken.close(() => resolve()));
      }
    }));

  it("written to --private-key-out, stays after the stop: the user chose where to keep it", () =>
    withOwnTmpdir(async (tmp) => {
      const file = join(tmp, "key.pem");
      const { code } = await runCli(["--private-key-out", file]);
      expect(code).toBe(0);
      expect(readFileSync(file, "utf8")).toContain("BEGIN PRIVATE KEY");
    }));

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
