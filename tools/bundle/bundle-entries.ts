/**
 * The JavaScript half of the build of types, signing and client (`tsc` writes the declarations):
 * each entry of the package's `exports` is bundled by esbuild into one file, so that importing a
 * package reads a file or two instead of one per source file (a fresh process importing the client
 * read about 80 files, which cost more than the rest of its first signed sale). The entries are
 * read from `exports`: every condition object with a `source` (the TypeScript entry) and a
 * `default` (the file to write). Every package import stays an import (`@card-processing/*`,
 * `openapi-fetch`, optional peers), so each package still loads its dependencies as packages.
 * Code two entries share goes to one shared file, so a class has one identity whichever entry
 * hands it out. Source maps point at `src/`, which ships, so stack traces and "go to definition"
 * still lead to the TypeScript.
 *
 * Run from a package folder: `tsx ../../tools/bundle/bundle-entries.ts`.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";

/** The entries of an `exports` map: output path under `dist/` without `.js` → TypeScript source. */
export function entriesOfExports(exports: unknown): Record<string, string> {
  const entries: Record<string, string> = {};
  if (typeof exports !== "object" || exports === null) return entries;
  for (const target of Object.values(exports)) {
    if (typeof target !== "object" || target === null) continue;
    const { source, default: output } = target as { source?: unknown; default?: unknown };
    if (typeof source !== "string" || typeof output !== "string") continue;
    const name = /^\.\/dist\/(.+)\.js$/.exec(output)?.[1];
    if (name === undefined) throw new Error(`exports: ${output} is not a .js file under ./dist/`);
    entries[name] = source;
  }
  return entries;
}

/** Bundles the entries of the package in `packageDir` into its `dist/`. */
export async function bundleEntries(packageDir: string): Promise<void> {
  const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8")) as { exports?: unknown };
  const entryPoints = entriesOfExports(manifest.exports);
  if (Object.keys(entryPoints).length === 0) throw new Error(`${packageDir}: no exports entry with a source`);
  await build({
    absWorkingDir: packageDir,
    entryPoints,
    outdir: "dist",
    bundle: true,
    splitting: true,
    chunkNames: "shared-[hash]",
    format: "esm",
    platform: "neutral",
    target: "es2022",
    packages: "external",
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
  });
}

if (process.argv[1] === import.meta.filename) await bundleEntries(process.cwd());
