import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGateway } from "@card-processing/client";
import { afterAll, describe, expect, it } from "vitest";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");
const folder = mkdtempSync(join(tmpdir(), "sandbox-cli-start-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the CLI (request log on) until it prints its banner, then stops it, or until it exits on its own. */
async function runCli(args: string[]): Promise<{ code: number | null; output: string; errors: string }> {
  const child = spawn(cli, args);
  let output = "";
  let errors = "";
  let stopping = false;
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    // Once: a second SIGTERM (on the "closed" line) would find no handler left.
    if (!stopping && output.includes("test cards:")) stopping = child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output, errors };
}

describe("the CLI restarted with its first command line", () => {
  it("starts again with the same --private-key-out, using the key the file holds", async () => {
    const file = join(folder, "key.pem");
    const first = await runCli(["--port", "0", "--private-key-out", file]);
    expect(first.code).toBe(0);
    expect(first.output).toMatch(new RegExp(`private key:\\s+${file} \\(generated RSA 2048`));
    const written = readFileSync(file, "utf8");
    const second = await runCli(["--port", "0", "--private-key-out", file]);
    expect(second.errors).toBe("");
    expect(second.code).toBe(0);
    expect(second.output).toMatch(new RegExp(`private key:\\s+${file} \\(kept from an earlier run: RSA 2048`));
    expect(readFileSync(file, "utf8")).toBe(written);
  });

  it("refuses a key file it cannot trust in one line, exit 1, before it says it is listening", async () => {
    const file = join(folder, "shared.pem");
    writeFileSync(file, "not a key\n", { mode: 0o644 });
    const { code, output, errors } = await runCli(["--port", "0", "--private-key-out", file]);
    expect(code).toBe(1);
    expect(output).not.toContain("listening");
    expect(errors.trim().split("\n")).toEqual([
      `card-processing-sandbox: --private-key-out: ${file} already exists and others may read it (mode 0644; a key is reused only from a file of mode 0600): remove it or choose another path`,
    ]);
    expect(readFileSync(file, "utf8")).toBe("not a key\n");
  });

  it("refuses a file of mode 0600 that holds no key, saying what to do", async () => {
    const file = join(folder, "not-a-key.pem");
    writeFileSync(file, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", { mode: 0o600 });
    const { code, errors } = await runCli(["--port", "0", "--private-key-out", file]);
    expect(code).toBe(1);
    expect(errors).toContain(
      "does not hold an RSA private key of at least 2048 bits: remove it or choose another path",
    );
  });
});

/** Starts the CLI and resolves once its banner is out, with its url and a way to stop it. */
async function started(args: string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(cli, ["--port", "0", "--quiet", ...args]);
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the CLI exited ${code}: ${output}`)));
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("test cards:")) resolve(/url:\s+(\S+)/.exec(output)?.[1] ?? "");
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

describe("the key kept across a restart", () => {
  it("verifies v4 requests signed with the file's key, before and after the restart", async () => {
    const file = join(folder, "v4.pem");
    for (const run of [1, 2]) {
      const sandbox = await started(["--private-key-out", file]);
      try {
        const gateway = createGateway({
          baseUrl: sandbox.url,
          endpointId: 1111,
          login: "sandbox-merchant",
          controlKey: "unused-by-v4",
          privateKey: readFileSync(file, "utf8"),
        });
        const { error } = await gateway.payoutV4({
          "client-order-id": `v4-key-${run}-${Date.now().toString(36)}`,
          amount: "8.00",
          currency: "EUR",
          credit_card_number: "4111111111111111",
          card_printed_name: "JOHN SMITH",
          expire_month: "12",
          expire_year: "2030",
        } as never);
        expect(error).toBeUndefined();
      } finally {
        await sandbox.stop();
      }
    }
  });
});

describe("a failure of the run", () => {
  it("names a port in use in one line, exit 1, never the usage and never 'listening'", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, output, errors } = await runCli(["--port", String(port)]);
      expect(code).toBe(1);
      expect(output).not.toContain("listening");
      expect(errors.trim().split("\n")).toEqual([
        `card-processing-sandbox: port ${port} is in use on 127.0.0.1: choose another with --port (0 picks a free one)`,
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
