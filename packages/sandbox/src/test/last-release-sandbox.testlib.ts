// The sandbox of the last release, for `sandbox.bench.ts`: the packages as the repository's last
// "Version packages" commit holds them (sandbox, signing, types; `git archive`, no build), run
// from their TypeScript sources with tsx in a process of their own, with this checkout's
// installed ajv, ajv-formats and node-sqlite3-wasm. `undefined` when the history has no such commit
// (a shallow clone) or it cannot be read.
import { execFileSync, fork } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { askChild } from "./ask-child.testlib.js";

/** A sandbox running in a process of its own. */
export interface SandboxProcess {
  readonly url: string;
  /** Which sandbox it is, for the bench's lines. */
  readonly label: string;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const PACKAGES = ["sandbox", "signing", "types"] as const;
const INSTALLED = ["ajv", "ajv-formats", "node-sqlite3-wasm"] as const;

function link(target: string, at: string): void {
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at, "dir");
}

/** Starts the last release's sandbox with `options`, or says why it cannot. */
export async function startLastReleaseSandbox(
  options: Readonly<Record<string, unknown>>,
): Promise<SandboxProcess | { readonly unavailable: string }> {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: here, encoding: "utf8" }).trim();
  let commit: string;
  let root: string;
  try {
    root = git("rev-parse", "--show-toplevel");
    commit = git("log", "-1", "--format=%h", "--grep=^Version packages$");
  } catch (error) {
    return { unavailable: `git cannot read the history (${error instanceof Error ? error.message : String(error)})` };
  }
  if (commit === "") return { unavailable: 'no "Version packages" commit in this history (a shallow clone?)' };
  const dir = mkdtempSync(join(tmpdir(), "last-release-sandbox-"));
  const paths = ["tsconfig.base.json", ...PACKAGES.map((name) => `packages/${name}`)];
  const archive = execFileSync("git", ["archive", "--format=tar", commit, ...paths], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  const version = (createRequire(join(dir, "packages/sandbox/"))("./package.json") as { version: string }).version;
  const modules = (name: string) => join(dir, "packages", name, "node_modules");
  link(join(dir, "packages/signing"), join(modules("sandbox"), "@card-processing/signing"));
  link(join(dir, "packages/types"), join(modules("sandbox"), "@card-processing/types"));
  link(join(dir, "packages/types"), join(modules("signing"), "@card-processing/types"));
  const installed = createRequire(join(root, "packages/sandbox/package.json"));
  for (const name of INSTALLED)
    link(realpathSync(dirname(installed.resolve(`${name}/package.json`))), join(modules("sandbox"), name));
  const started = await startSandboxProcess(
    join(dir, "packages/sandbox/src/index.ts"),
    `${version} (${commit})`,
    options,
  );
  return {
    ...started,
    close: async () => {
      await started.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the sandbox of `entry` (a TypeScript source, run with tsx) in a process of its own: the
 * last release's, or this checkout's to compare with it on equal terms.
 */
export async function startSandboxProcess(
  entry: string,
  label: string,
  options: Readonly<Record<string, unknown>>,
): Promise<SandboxProcess> {
  const child = fork(join(here, "last-release-server.testlib.ts"), [], {
    execArgv: ["--conditions=source", "--import", "tsx"],
    stdio: "inherit",
  });
  const { url } = await askChild<{ url: string }>(child, { entry, options }, `the sandbox ${label}`);
  return {
    url,
    label,
    close: async () => {
      child.kill();
    },
  };
}
