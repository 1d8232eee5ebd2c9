import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** What one bundle weighs. */
export interface BundleSize {
  /** Minified bytes of what loads with the entry (dynamic imports left out). */
  readonly minified: number;
  /** Minified then gzipped (level 9) bytes: what a browser or edge worker downloads. */
  readonly gzipped: number;
  /** Gzipped bytes of the chunks loaded only by a dynamic `import()` (code for an opt-in feature). */
  readonly lazyGzipped: number;
}

/** How to bundle one entry. */
export interface BundleSizeOptions {
  /** The built entry, e.g. `packages/signing/dist/index.js`. */
  readonly entry: string;
  /** Packages left out of the bundle (the figure then excludes them). */
  readonly external?: readonly string[];
}

/**
 * Bundles an entry the way a user's bundler would (esbuild, ESM, minified, platform neutral, so
 * nothing Node-only can sneak in, code behind a dynamic `import()` split into chunks of its own),
 * with every dependency inlined unless named `external`, and measures what loads with the entry
 * (its chunk and those it imports statically) minified and gzipped, and the lazy chunks apart.
 *
 * @example
 * ```ts
 * const { gzipped } = await bundleSize({ entry: "packages/signing/dist/index.js" });
 * gzipped < 10_000; // true
 * ```
 */
export async function bundleSize(options: BundleSizeOptions): Promise<BundleSize> {
  const result = await build({
    entryPoints: [options.entry],
    bundle: true,
    splitting: true,
    outdir: "size-out",
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external: [...(options.external ?? [])],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const entryOut = Object.keys(outputs).find((path) => outputs[path]?.entryPoint !== undefined);
  if (entryOut === undefined) throw new Error(`esbuild produced nothing for ${options.entry}`);
  // What loads with the entry: its chunk and every chunk reached by static imports.
  const eager = new Set<string>();
  const visit = (path: string) => {
    if (eager.has(path) || outputs[path] === undefined) return;
    eager.add(path);
    for (const imported of outputs[path].imports)
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
  };
  visit(entryOut);
  let minified = 0;
  let gzipped = 0;
  let lazyGzipped = 0;
  for (const file of result.outputFiles) {
    const path = Object.keys(outputs).find((out) => file.path.endsWith(out));
    const zipped = gzipSync(file.contents, { level: 9 }).byteLength;
    if (path !== undefined && eager.has(path)) {
      minified += file.contents.byteLength;
      gzipped += zipped;
    } else {
      lazyGzipped += zipped;
    }
  }
  return { minified, gzipped, lazyGzipped };
}
