import { type ChildProcessWithoutNullStreams, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../release/published-packages.ts";
import { allCodeSamples, type CodeSample } from "../samples/code-samples.ts";
import type { SampleOperation } from "../samples/sample-operation.ts";
import { expectJsonReply } from "../samples/sample-reply.testlib.ts";
import { buildExecutable, executableName } from "./build-executable.ts";

// The sandbox executable on a machine without Node: copied alone into an empty folder, started with
// an empty HOME and a PATH of a folder holding links to the few tools the flows use (no `node`:
// the first test proves it), and driven by curl and by Python's standard library.

const flows = fileURLToPath(new URL("flows/", import.meta.url));
// The example merchant the reference's samples are signed with.
const merchant = ["--login", "sandbox-merchant", "--endpoint-id", "1111"];
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
// The flows' tools, and those the reference's curl and Python samples use (openssl for OAuth).
const tools = ["bash", "curl", "sha1sum", "cut", "sed", "sleep", "seq", "date"];
const sampleTools = ["openssl", "sort", "paste", "mktemp", "rm", "cat"];

/** The first executable file named `name` on this process's PATH. */
function onPath(name: string): string {
  for (const dir of (process.env["PATH"] ?? "").split(delimiter)) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this folder.
    }
  }
  throw new Error(`${name} is not on the PATH: the executable's test needs it`);
}

let root: string;
let folder: string;
let executable: string;
let env: NodeJS.ProcessEnv;
const started: ChildProcessWithoutNullStreams[] = [];

/**
 * Starts the executable in its folder and resolves once its banner gives its address; rejects,
 * with what it printed, when it exits first or says nothing in 20 s.
 */
async function startExecutable(
  args: readonly string[],
): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(executable, ["--port", "0", ...args], { cwd: folder, env });
  started.push(child);
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in 20 s:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /url:\s+(http\S+)\n/.exec(output)?.[1];
      if (address === undefined) return;
      clearTimeout(timer);
      resolve(address);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${String(code)} before its banner:\n${output}`));
    });
  });
  return { child, url };
}

/** Stops a started executable by its process id and resolves to its exit code. */
function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, "SIGTERM");
  return exited;
}

/** Runs one of ./flows/ with the executable's PATH and resolves to what it printed. */
function runFlow(command: string, file: string, url: string): string {
  return execFileSync(command, [join(flows, file)], {
    cwd: folder,
    env: { ...env, SANDBOX_URL: url, CONTROL_KEY: controlKey },
    encoding: "utf8",
    timeout: 30_000,
  }).trim();
}

beforeAll(async () => {
  const built = await buildExecutable();
  root = mkdtempSync(join(tmpdir(), "sandbox-executable-"));
  folder = join(root, "run");
  const bin = join(root, "bin");
  for (const dir of [folder, bin, join(root, "home")]) mkdirSync(dir);
  executable = join(folder, executableName);
  copyFileSync(built, executable);
  for (const tool of [...tools, ...sampleTools]) symlinkSync(onPath(tool), join(bin, tool));
  // Python itself, not a version manager's shim script that would look for its own tools.
  const python = execFileSync(onPath("python3"), ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" });
  symlinkSync(python.trim(), join(bin, "python3"));
  env = { PATH: bin, HOME: join(root, "home"), LANG: "C.UTF-8" };
}, 180_000);

afterAll(async () => {
  await Promise.all(started.filter((child) => child.exitCode === null).map(stop));
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe("the sandbox executable", () => {
  it("runs where there is no node on the PATH and no node_modules: it is alone in its folder", () => {
    const lookup = spawnSync("bash", ["-c", "command -v node"], { env, encoding: "utf8" });
    expect(lookup.status).toBe(1);
    expect(lookup.stdout).toBe("");
    expect(readdirSync(folder)).toEqual([executableName]);
    for (let dir = folder; dir !== dirname(dir); dir = dirname(dir))
      expect(existsSync(join(dir, "node_modules")), `${dir}/node_modules`).toBe(false);
  });

  it("takes signed sales from curl and from stdlib Python, and keeps them in --data-dir across a restart", async () => {
    const args = [...merchant, "--control-key", controlKey, "--latency-ms", "100", "--data-dir", "state", "--quiet"];
    const first = await startExecutable(args);
    const fromCurl = runFlow("bash", "sale.sh", first.url);
    expect(fromCurl).toMatch(/^approved [0-9]+$/);
    const fromPython = runFlow("python3", "sale.py", first.url);
    expect(fromPython).toMatch(/^approved [0-9]+$/);

    // The files it carries as assets: its package.json (the version) and the dashboard's files.
    const { version } = JSON.parse(await readFile(join(repoRoot, "packages/sandbox/package.json"), "utf8")) as {
      version: string;
    };
    expect(await (await fetch(`${first.url}/_health`)).json()).toMatchObject({ status: "ok", version });
    const style = await readFile(join(repoRoot, "packages/sandbox/src/server/dashboard/dashboard-style.css"), "utf8");
    expect(await (await fetch(`${first.url}/_dashboard`)).text()).toContain(style.trim().split("\n")[0]);
    expect(await stop(first.child)).toBe(0);

    const second = await startExecutable(args);
    for (const orderid of [fromCurl, fromPython].map((line) => line.split(" ")[1])) {
      const { order } = (await (await fetch(`${second.url}/_admin/orders/${orderid}`)).json()) as {
        order?: { status?: string };
      };
      expect(order?.status, `order ${orderid} after the restart`).toBe("approved");
    }
    expect(await stop(second.child)).toBe(0);
  }, 60_000);

  it("answers the reference's curl and Python samples as printed, one per signature scheme, with no key options", async () => {
    // The first operation of each scheme that names nothing that must exist first: control, OAuth
    // HMAC-SHA1, OAuth RSA-SHA256. Started with no key options on loopback, the executable takes
    // the reference's example merchant, whose keys the samples carry.
    const chosen = new Map<string, { operation: SampleOperation; samples: CodeSample[] }>();
    for (const entry of allCodeSamples().values()) {
      const { scheme, fields, baseUrl } = entry.operation;
      if (baseUrl.env !== "GATEWAY_URL" || fields.some((field) => field.env !== undefined)) continue;
      if (!chosen.has(scheme)) chosen.set(scheme, entry);
    }
    expect([...chosen.keys()].sort()).toEqual(["control", "oauth-hmac-sha1", "oauth-rsa-sha256"]);
    const samplesDir = join(root, "samples");
    mkdirSync(samplesDir, { recursive: true });
    for (const label of ["curl", "Python"]) {
      // One sandbox per language: both languages' samples name the same client order ids.
      const { child, url } = await startExecutable(["--latency-ms", "10", "--quiet"]);
      for (const { operation, samples } of chosen.values()) {
        const sample = samples.find((candidate) => candidate.label === label);
        if (sample === undefined) throw new Error(`no ${label} sample of ${operation.operationId}`);
        const file = join(samplesDir, sample.file);
        writeFileSync(file, sample.source);
        const run = spawnSync(sample.command, [file], {
          cwd: samplesDir,
          env: { ...env, GATEWAY_URL: url },
          encoding: "utf8",
          timeout: 30_000,
        });
        expect(run.status, `${label} ${operation.operationId}:\n${run.stderr}\n${run.stdout}`).toBe(0);
        expectJsonReply(operation, run.stdout);
      }
      expect(await stop(child)).toBe(0);
    }
  }, 90_000);

  it("refuses an unknown flag, saying which, with its usage and exit code 2", () => {
    const run = spawnSync(executable, ["--prot", "8080"], { cwd: folder, env, encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^card-processing-sandbox: Unknown option '--prot'/);
    expect(run.stderr).toContain("Usage: card-processing-sandbox [options]");
  });
});
