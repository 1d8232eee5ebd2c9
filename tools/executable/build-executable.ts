/**
 * `pnpm build:executable`: the sandbox CLI as one executable file that needs no Node and no
 * node_modules on the machine it runs on: a Node single executable application
 * (https://nodejs.org/api/single-executable-applications.html) made from the Node binary running
 * this build (`process.execPath`: the result runs on this platform and architecture, Linux x64 in CI
 * and the release). Three steps, as Node's documentation gives them:
 *
 * 1. esbuild bundles `packages/sandbox/dist/cli/main.js` (built by `pnpm build`) and everything it
 *    imports into one CommonJS file, with `shipped-files.js` swapped for ./executable-files.ts, which
 *    reads the sandbox's run-time files from the executable's assets;
 * 2. `node --experimental-sea-config` writes the preparation blob: that file and the assets. Without
 *    `useCodeCache`: measured, it did not start the sandbox any faster (the cache is made before the
 *    script runs, so it holds the top level only, and V8 compiles the functions on their first call);
 * 3. postject injects the blob into a copy of the Node binary.
 *
 * The result is `artifacts/card-processing-sandbox-<platform>-<arch>`. It is rebuilt only when its
 * inputs changed (the bundle, the assets, the Node binary): `build/executable/` keeps their hash.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { SHIPPED_TEXT_FILES } from "../../packages/sandbox/src/shipped-files.ts";
import { repoRoot } from "../release/published-packages.ts";
import { SPEC_ASSET, SQLITE_WASM_ASSET } from "./executable-files.ts";

const sandboxDir = join(repoRoot, "packages/sandbox");
const workDir = join(repoRoot, "build/executable");
const requireFromSandbox = createRequire(join(sandboxDir, "package.json"));
const executableFiles = fileURLToPath(new URL("executable-files.ts", import.meta.url));
// The fuse Node's binary carries for a single executable application (Node's documentation, step 5).
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** The file name of the executable for this platform: `card-processing-sandbox-linux-x64` on Linux x64. */
export const executableName = `card-processing-sandbox-${process.platform}-${process.arch}`;

/** Where `pnpm build:executable` writes the executable. */
export const defaultExecutablePath = join(repoRoot, "artifacts", executableName);

/** Every asset of the executable: its name (what `node:sea`'s `getAsset` asks for) → the file. */
export function executableAssets(): Record<string, string> {
  const assets: Record<string, string> = {
    [SPEC_ASSET]: requireFromSandbox.resolve("@card-processing/types/openapi.json"),
    [SQLITE_WASM_ASSET]: join(dirname(requireFromSandbox.resolve("node-sqlite3-wasm")), SQLITE_WASM_ASSET),
  };
  for (const [name, path] of Object.entries(SHIPPED_TEXT_FILES))
    assets[name] = fileURLToPath(new URL(path, pathToFileURL(join(sandboxDir, "dist/shipped-files.js"))));
  return assets;
}

/** Puts ./executable-files.ts where the sandbox imports its `shipped-files.js`. */
const assetFiles: Plugin = {
  name: "shipped-files-from-assets",
  setup(plugin) {
    plugin.onResolve({ filter: /(^|\/)shipped-files\.js$/ }, (args) =>
      args.importer.startsWith(join(sandboxDir, "dist")) ? { path: executableFiles } : undefined,
    );
  },
};

/**
 * Hands the SQLite library its WebAssembly from the asset: Emscripten, which built the library,
 * takes options from a `Module` object defined before its code (its `--pre-js`), and `wasmBinary`
 * is the compiled module's bytes, so it never looks for the file beside the script.
 */
const sqliteWasmFromAsset: Plugin = {
  name: "sqlite-wasm-from-asset",
  setup(plugin) {
    plugin.onLoad({ filter: /node-sqlite3-wasm[\\/]dist[\\/]node-sqlite3-wasm\.js$/ }, (args) => ({
      contents: `var Module = { wasmBinary: require("node:sea").getAsset(${JSON.stringify(SQLITE_WASM_ASSET)}) };\n${readFileSync(args.path, "utf8")}`,
      loader: "js",
    }));
  },
};

/**
 * Bundles the CLI into one CommonJS file, the form a single executable application runs on Node 20,
 * and fails when the bundle still loads a module from outside (a single executable's `require`
 * loads Node's own modules only).
 */
async function bundleCli(outfile: string): Promise<void> {
  const { metafile } = await build({
    entryPoints: [join(sandboxDir, "dist/cli/main.js")],
    outfile,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: `node${process.versions.node}`,
    // Where the swapped module's require("node-sqlite3-wasm") finds the package.
    nodePaths: [join(sandboxDir, "node_modules")],
    plugins: [assetFiles, sqliteWasmFromAsset],
    legalComments: "inline",
    logLevel: "warning",
    metafile: true,
  });
  const outside = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external && !isBuiltin(entry.path))
    .map((entry) => entry.path);
  if (outside.length > 0) throw new Error(`build:executable: the bundle loads ${outside.join(", ")} from outside`);
}

/**
 * The hash of everything the executable is made of (the Node binary, this build's own code, the
 * bundle and the assets), so an unchanged build is not redone.
 */
function inputsHash(bundle: string, assets: Record<string, string>): string {
  const hash = createHash("sha256").update(`${process.execPath}\n${process.version}\n`);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(bundle));
  for (const [name, file] of Object.entries(assets).sort()) hash.update(`\n${name}\n`).update(readFileSync(file));
  return hash.digest("hex");
}

/**
 * Builds the executable at `output` (made anew only when its inputs changed) and resolves to its
 * path. Needs `packages/sandbox/dist` built (`pnpm build`).
 *
 * @example
 * ```ts
 * const file = await buildExecutable();
 * // file: …/artifacts/card-processing-sandbox-linux-x64
 * ```
 */
export async function buildExecutable(output: string = defaultExecutablePath): Promise<string> {
  mkdirSync(workDir, { recursive: true });
  const bundle = join(workDir, "sandbox.cjs");
  await bundleCli(bundle);
  const assets = executableAssets();
  const hash = inputsHash(bundle, assets);
  const stamp = join(workDir, `${executableName}.inputs`);
  const previous = (() => {
    try {
      return readFileSync(stamp, "utf8");
    } catch {
      return undefined;
    }
  })();
  if (previous === `${output}\n${hash}`) {
    try {
      // The stamp holds only for the very file it was written with.
      if (readFileSync(`${output}.sha256`, "utf8") === checksumLine(output)) return output;
    } catch {
      // No executable or no checksum: build it.
    }
  }
  const blob = join(workDir, "sea-prep.blob");
  const config = join(workDir, "sea-config.json");
  writeFileSync(
    config,
    `${JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, assets }, null, 2)}\n`,
  );
  execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: "pipe" });
  mkdirSync(dirname(output), { recursive: true });
  const partial = `${output}.partial`;
  rmSync(partial, { force: true });
  copyFileSync(process.execPath, partial);
  chmodSync(partial, 0o755);
  const postject = join(dirname(createRequire(import.meta.url).resolve("postject")), "cli.js");
  execFileSync(process.execPath, [postject, partial, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE], {
    stdio: "pipe",
  });
  renameSync(partial, output);
  writeFileSync(`${output}.sha256`, checksumLine(output));
  writeFileSync(stamp, `${output}\n${hash}`);
  return output;
}

/** The line `sha256sum FILE` prints, so that `sha256sum -c FILE.sha256` checks a download. */
function checksumLine(file: string): string {
  return `${createHash("sha256").update(readFileSync(file)).digest("hex")}  ${basename(file)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const file = await buildExecutable(process.argv[2]);
  const size = readFileSync(file).byteLength;
  console.log(
    `build:executable: ${file} (${(size / 1024 / 1024).toFixed(1)} MiB, Node ${process.version}, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
