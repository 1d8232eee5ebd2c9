import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { pnpmBin } from "./pack-package.ts";
import { repoRoot } from "./published-packages.ts";

const run = promisify(execFile);

/** The package managers a user installs our packages with. */
export type PackageManager = "npm" | "pnpm";

/** What a fresh consumer project depends on and holds. */
export interface ConsumerProjectOptions {
  readonly packageManager: PackageManager;
  /** Folder to create; must lie outside the workspace. */
  readonly dir: string;
  /** Our packages the consumer depends on directly, by name. */
  readonly dependencies: readonly string[];
  /** Every package of ours by name → its tarball; transitive ones are overridden to these too. */
  readonly tarballs: ReadonlyMap<string, string>;
  /** Extra files, by path relative to `dir`. */
  readonly files?: Readonly<Record<string, string>>;
}

/**
 * The environment without the `npm_*` / `pnpm_*` variables a parent `pnpm run` sets, so the
 * consumer's install reads only its own project, as a user's would.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm|pnpm)_/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, npm_config_loglevel: "error", npm_config_fund: "false", npm_config_audit: "false", ...extra };
}

/**
 * The settings a TypeScript consumer of our packages may use: moduleResolution `bundler`, `node16`
 * or `nodenext` with the DOM library, and `workers`, a Cloudflare Worker's: `bundler` with
 * `@cloudflare/workers-types` instead of the DOM library.
 */
export type ConsumerResolution = "bundler" | "node16" | "nodenext" | "workers";

/** Every setting the release checks type-check consumers with. */
export const consumerResolutions: readonly ConsumerResolution[] = ["bundler", "node16", "nodenext", "workers"];

/** The workspace's `@cloudflare/workers-types` (a root dev dependency), by absolute path. */
const workersTypes = join(repoRoot, "node_modules/@cloudflare/workers-types");

/**
 * The tsconfig of a TypeScript consumer of our packages, checking `file` strict with no ambient
 * types (`types: []`), under moduleResolution `bundler`, `node16` or `nodenext`. Our `.d.ts` files
 * are checked in full by node16, and by `workers`: a Worker's project, whose only ambient types are
 * `@cloudflare/workers-types` (no DOM library), so a declaration that names a DOM-only type fails
 * there; bundler and nodenext only resolve, to save time. TypeScript's own `lib.*.d.ts` files are
 * not ours and are left unchecked (`skipDefaultLibCheck`): checking the DOM library took a third of
 * each full check.
 *
 * @example
 * ```ts
 * await writeFile(join(dir, "tsconfig.node16.json"), consumerTsconfig("node16", "consumer.mts"));
 * ```
 */
export function consumerTsconfig(resolution: ConsumerResolution, file: string): string {
  const moduleSetting: Record<ConsumerResolution, readonly [string, string]> = {
    bundler: ["ESNext", "Bundler"],
    node16: ["Node16", "Node16"],
    nodenext: ["NodeNext", "NodeNext"],
    workers: ["ESNext", "Bundler"],
  };
  const [module, moduleResolution] = moduleSetting[resolution];
  const workers = resolution === "workers";
  const compilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: resolution !== "node16" && !workers,
    skipDefaultLibCheck: true,
    target: "ES2022",
    lib: workers ? ["ES2023"] : ["ES2023", "DOM", "DOM.Iterable"],
    types: workers ? [workersTypes] : [],
    module,
    moduleResolution,
  };
  return `${JSON.stringify({ compilerOptions, files: [file] }, null, 2)}\n`;
}

/**
 * The consumer's tsconfig files, one per resolution (`tsconfig.<resolution>.json`), by file name.
 *
 * @example
 * ```ts
 * const files = consumerTsconfigs("consumer.mts"); // { "tsconfig.bundler.json": "...", ... }
 * ```
 */
export function consumerTsconfigs(file: string): Record<string, string> {
  return Object.fromEntries(consumerResolutions.map((r) => [`tsconfig.${r}.json`, consumerTsconfig(r, file)]));
}

/** A TypeScript compiler users install, and the script of its `tsc`, run with this Node. */
export interface TypeScriptCompiler {
  /** The major (and minor) version it stands for: `5.9`, `7`. */
  readonly version: string;
  readonly tsc: string;
}

/**
 * The TypeScript versions whose users type-check against our published types: 5.9, the
 * workspace's own, and 7, the native compiler `npm install typescript` gives today (held in the
 * private workspace package `tools/typescript7` under the alias `typescript7`, so that the root's
 * `tsc` stays 5.9). Both packages' `bin.tsc` is `./bin/tsc`, a Node script.
 */
export const typescriptCompilers: readonly TypeScriptCompiler[] = [
  { version: "5.9", tsc: join(repoRoot, "node_modules/typescript/bin/tsc") },
  { version: "7", tsc: join(repoRoot, "tools/typescript7/node_modules/typescript7/bin/tsc") },
];

/** The outcome of one tsconfig of a consumer project under one compiler. */
export interface ConsumerTypeCheck {
  readonly typescript: string;
  readonly config: string;
  readonly ok: boolean;
  /** What the compiler said about this config (all it said when an error names no config). */
  readonly output: string;
}

/**
 * Splits the output of `tsc -b --verbose` over several configs into one outcome per config. The
 * compiler names a config before it builds it ("Building project '…/tsconfig.node16.json'...") and
 * prints that config's errors next, so each line goes to the config last named. A config never
 * built (its file missing, say) is not ok, with what came before any config was named; a failed
 * run whose errors name no config fails every config with all the output.
 */
function outcomesOfBuild(
  typescript: string,
  configs: readonly string[],
  exitedOk: boolean,
  output: string,
): ConsumerTypeCheck[] {
  let before = "";
  const sections = new Map(configs.map((config) => [config, ""]));
  let current: string | undefined;
  for (const line of output.split("\n")) {
    current = configs.find((config) => line.includes(config)) ?? current;
    if (current === undefined) before += `${line}\n`;
    else sections.set(current, `${sections.get(current)}${line}\n`);
  }
  const outcomes = configs.map((config) => {
    const text = sections.get(config) ?? "";
    const built = /Building project '/.test(text);
    const ok = built && !/error TS\d+/.test(text);
    return { typescript, config, ok, output: built ? text : `never built\n${before}${text}` };
  });
  if (exitedOk || outcomes.some((o) => !o.ok)) return outcomes;
  return configs.map((config) => ({ typescript, config, ok: false, output }));
}

/**
 * Type-checks a consumer project written with `consumerTsconfigs` with every resolution of
 * `resolutions` (all of `consumerResolutions` unless told) under every compiler of
 * `typescriptCompilers`, and resolves to one outcome per compiler and config. Each compiler checks
 * all the configs in one process, `tsc -b --verbose --force` (the compilers in parallel), which
 * reads TypeScript's own lib files once instead of once per config (5.9: 16.7 CPU-s for the
 * client's four configs as four `tsc -p`, 8.4 as one `tsc -b`). Build mode writes a small
 * `tsconfig.<resolution>.tsbuildinfo` beside each config even with `noEmit`; `--force` makes sure
 * one left by an earlier run or the other compiler never lets a check be skipped.
 *
 * @example
 * ```ts
 * const failed = (await typeCheckConsumer(dir)).filter((c) => !c.ok);
 * ```
 */
export async function typeCheckConsumer(
  dir: string,
  compilers: readonly TypeScriptCompiler[] = typescriptCompilers,
  resolutions: readonly ConsumerResolution[] = consumerResolutions,
): Promise<ConsumerTypeCheck[]> {
  const configs = resolutions.map((resolution) => `tsconfig.${resolution}.json`);
  const builds = compilers.map(async (compiler): Promise<ConsumerTypeCheck[]> => {
    try {
      const { stdout, stderr } = await run(process.execPath, [compiler.tsc, "-b", "--verbose", "--force", ...configs], {
        cwd: dir,
        env: cleanEnv(),
        maxBuffer: 16 * 1024 * 1024,
      });
      return outcomesOfBuild(compiler.version, configs, true, stdout + stderr);
    } catch (error) {
      const { stdout = "", stderr = "", code } = error as { stdout?: string; stderr?: string; code?: unknown };
      return outcomesOfBuild(compiler.version, configs, false, `exit ${String(code)}\n${stdout}${stderr}`);
    }
  });
  return (await Promise.all(builds)).flat();
}

/**
 * Creates a project outside the workspace that installs our packages from their tarballs and
 * every third-party dependency from the registry (through the local cache first), with npm or
 * pnpm. Our packages that are only transitive dependencies are pinned to their tarballs with
 * `overrides`, since they are not on the registry yet.
 *
 * @example
 * ```ts
 * await createConsumerProject({ packageManager: "pnpm", dir: "/tmp/c1", dependencies: ["@card-processing/signing"], tarballs });
 * ```
 */
export async function createConsumerProject(options: ConsumerProjectOptions): Promise<void> {
  const { dir, packageManager } = options;
  if (!relative(repoRoot, dir).startsWith("..")) throw new Error(`${dir} lies inside the workspace`);
  await mkdir(dir, { recursive: true });
  const spec = (name: string): string => {
    const tarball = options.tarballs.get(name);
    if (!tarball) throw new Error(`no tarball for ${name}`);
    return `file:${tarball}`;
  };
  const overrides = Object.fromEntries([...options.tarballs.keys()].map((name) => [name, spec(name)]));
  const manifest: Record<string, unknown> = {
    name: "consumer",
    version: "1.0.0",
    private: true,
    type: "module",
    dependencies: Object.fromEntries(options.dependencies.map((name) => [name, spec(name)])),
  };
  if (packageManager === "npm") manifest["overrides"] = overrides;
  await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  if (packageManager === "pnpm") {
    const lines = Object.entries(overrides).map(([name, value]) => `  "${name}": "${value}"`);
    await writeFile(join(dir, "pnpm-workspace.yaml"), `overrides:\n${lines.join("\n")}\n`);
  }
  for (const [path, content] of Object.entries(options.files ?? {})) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  const [command, args] =
    packageManager === "npm"
      ? ["npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"]]
      : [pnpmBin, ["install", "--prefer-offline", "--no-frozen-lockfile"]];
  try {
    await run(command, args, { cwd: dir, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${packageManager} install failed in ${dir}:\n${stdout}\n${stderr}`, { cause: error });
  }
}
