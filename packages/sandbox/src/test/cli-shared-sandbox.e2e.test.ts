import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selfSignedCertificate, type TestCertificate } from "./tls-certificate.testlib.js";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");
const TOKEN_VARIABLE = "CARD_PROCESSING_SANDBOX_ADMIN_TOKEN";

/** The environment without the admin token variable, plus `extra`. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { [TOKEN_VARIABLE]: _token, ...rest } = process.env;
  return { ...rest, ...extra };
}

async function started(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcessWithoutNullStreams; output: string }> {
  const child = spawn(cli, ["--quiet", ...args], { env: environment(env) });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/test cards:/);
  return { child, output };
}

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cli, args, { env: environment(env) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  const exited = new Promise((resolve) => child.on("exit", resolve));
  process.kill(child.pid ?? 0, "SIGTERM");
  await exited;
}

/** The value after `label:` on the banner. */
function field(output: string, label: string): string {
  return new RegExp(`${label}:\\s+(\\S+)`).exec(output)?.[1] ?? "";
}

/** This machine's addresses others can reach on IPv4, as the banner should list them. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((address) => !address.internal && address.family === "IPv4")
    .map((address) => address.address);
}

let dir: string;
let certificate: TestCertificate;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-cli-shared-"));
  certificate = selfSignedCertificate(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("card-processing-sandbox shared by a team", () => {
  it("on 0.0.0.0 prints the addresses a teammate can use, and says the token is new each run", async () => {
    const { child, output } = await started(["--port", "0", "--host", "0.0.0.0"]);
    try {
      const port = /127\.0\.0\.1:([0-9]+)\/paynet \(this machine\)/.exec(output)?.[1] ?? "";
      expect(port).toMatch(/^[0-9]+$/);
      const addresses = networkAddresses();
      const first = addresses[0] ?? "127.0.0.1";
      expect(field(output, "url")).toBe(`http://${first}:${port}/paynet`);
      for (const address of addresses) expect(output).toContain(`http://${address}:${port}/paynet`);
      const token = field(output, "admin token");
      expect(field(output, "dashboard")).toBe(`http://${first}:${port}/paynet/_dashboard?token=${token}`);
      expect(output).toContain("--public-url URL");
      expect(output).toContain("generated for this run: a restart makes a new one");
    } finally {
      await stop(child);
    }
  });

  it("prints --public-url as its address", async () => {
    const { child, output } = await started([
      "--port",
      "0",
      "--host",
      "0.0.0.0",
      "--public-url",
      "https://sandbox.team.example",
    ]);
    try {
      expect(field(output, "url")).toBe("https://sandbox.team.example/paynet");
      expect(field(output, "dashboard")).toMatch(/^https:\/\/sandbox\.team\.example\/paynet\/_dashboard\?token=/);
      expect(output).not.toContain("(this machine)");
    } finally {
      await stop(child);
    }
  });

  it("requires an admin token with --public-url on 127.0.0.1 (behind a reverse proxy), and prints it", async () => {
    const { child, output } = await started(["--port", "0", "--public-url", "https://sandbox.team.example"]);
    try {
      const token = field(output, "admin token");
      expect(token).toMatch(/^[0-9a-f]{48}$/);
      expect(field(output, "dashboard")).toBe(`https://sandbox.team.example/paynet/_dashboard?token=${token}`);
    } finally {
      await stop(child);
    }
  });

  // Six CLI processes one after another (two starts, four commands), each as long as its start
  // takes: up to the 10 s `started` gives a banner, not the 30 s of a test that starts one.
  it("keeps its generated admin token in --data-dir across a restart, and orders reads it from the variable", async () => {
    const dataDir = join(dir, "data");
    const first = await started(["--port", "0", "--host", "0.0.0.0", "--data-dir", dataDir]);
    const token = field(first.output, "admin token");
    const port = /127\.0\.0\.1:([0-9]+)\/paynet \(this machine\)/.exec(first.output)?.[1] ?? "";
    expect(first.output).toContain(`generated, kept in ${dataDir}: the same after a restart`);
    await stop(first.child);
    const second = await started(["--port", port, "--host", "0.0.0.0", "--data-dir", dataDir]);
    try {
      expect(field(second.output, "admin token")).toBe(token);
      // The address as a teammate copies it from the banner, without /paynet.
      const listed = await run(["orders", "--url", `http://127.0.0.1:${port}`], { [TOKEN_VARIABLE]: token });
      expect(listed.stderr).toBe("");
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout)).toMatchObject({ orders: [] });
      const triggered = await run(["trigger", "chargeback", "--order", "999", "--url", `http://127.0.0.1:${port}/`], {
        [TOKEN_VARIABLE]: token,
      });
      expect(triggered.stderr).toContain("no order 999");
      const refused = await run(["orders", "--url", `http://127.0.0.1:${port}/paynet`]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`pass --admin-token TOKEN or set ${TOKEN_VARIABLE}`);
      const wrong = await run(["trigger", "fraud", "--order", "1", "--url", `http://127.0.0.1:${port}`], {
        [TOKEN_VARIABLE]: "not-the-admin-token-0001",
      });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(`refused the admin token of ${TOKEN_VARIABLE}`);
    } finally {
      await stop(second.child);
    }
  }, 60_000);

  it("takes its admin token from the variable", async () => {
    const { child, output } = await started(["--port", "0"], { [TOKEN_VARIABLE]: "variable-admin-token-0001" });
    try {
      expect(field(output, "admin token")).toBe("variable-admin-token-0001");
      const url = field(output, "url");
      expect((await fetch(`${url}/_admin/clock`)).status).toBe(401);
    } finally {
      await stop(child);
    }
  });

  it("refuses a --url whose path is not the sandbox's", async () => {
    const result = await run(["orders", "--url", "http://127.0.0.1:9/other"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--url: expected the sandbox's address ending in /paynet");
  });

  it("serves https with --tls-cert and --tls-key, and orders reaches it with NODE_EXTRA_CA_CERTS", async () => {
    const { child, output } = await started([
      "--port",
      "0",
      "--tls-cert",
      certificate.certFile,
      "--tls-key",
      certificate.keyFile,
    ]);
    try {
      const url = field(output, "url");
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:[0-9]+\/paynet$/);
      expect(field(output, "dashboard")).toBe(`${url}/_dashboard`);
      const listed = await run(["orders", "--url", url], { NODE_EXTRA_CA_CERTS: certificate.certFile });
      expect(listed.code).toBe(0);
      const untrusted = await run(["orders", "--url", url]);
      expect(untrusted.code).toBe(2);
      expect(untrusted.stderr).toContain("NODE_EXTRA_CA_CERTS");
    } finally {
      await stop(child);
    }
  });

  it.each([
    [
      ["--tls-cert", "/nonexistent/sandbox.crt", "--tls-key", "KEY"],
      "--tls-cert: cannot read /nonexistent/sandbox.crt (ENOENT)",
    ],
    [
      ["--tls-cert", "CERT", "--tls-key", "/nonexistent/sandbox.key"],
      "--tls-key: cannot read /nonexistent/sandbox.key (ENOENT)",
    ],
    [["--tls-cert", "CERT"], "--tls-cert and --tls-key go together: --tls-key is missing"],
  ])("refuses %j naming the flag and the file", async (args, message) => {
    const filled = args.map((a) => (a === "CERT" ? certificate.certFile : a === "KEY" ? certificate.keyFile : a));
    const result = await run(["--port", "0", ...filled]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it("lists --admin-token and its variable for orders and trigger, and says why --latency-ms defaults to 1000", async () => {
    const help = await run(["--help"]);
    expect(help.stdout).toMatch(/orders \[[^\n]*\n\s+\[--admin-token TOKEN\]/);
    expect(help.stdout).toMatch(/trigger TYPE[^\n]*\n\s+\[--admin-token TOKEN\]/);
    expect(help.stdout).toContain(TOKEN_VARIABLE);
    expect(help.stdout).toMatch(/--latency-ms N[\s\S]*default 1000[\s\S]*startSandbox's latencyMs defaults to 100/);
    for (const command of ["orders", "trigger"]) {
      const usage = await run([command, "--help"]);
      expect(usage.stdout).toContain("[--admin-token TOKEN]");
      expect(usage.stdout).toContain(TOKEN_VARIABLE);
    }
  });
});
