import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** What one bundle weighs. */
export interface BundleSize {
  /** Minified bytes. */
  readonly minified: number;
  /** Minified then gzipped (level 9) bytes: what a browser or edge worker downloads. */
  readonly gzipped: number;
}

/** How to bundle one entry. */
export interface BundleSizeOptions {
  /** The built entry, e.g. `packages/client/dist/index.js`. */
  readonly entry: string;
  /** Packages left out of the bundle (the figure then excludes them). */
  readonly external?: readonly string[];
}

/**
 * Bundles an entry the way a user's bundler would (esbuild, ESM, minified, platform neutral, so
 * nothing Node-only can sneak in), with every dependency inlined unless named `external`, and
 * measures it minified and gzipped.
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
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external: [...(options.external ?? [])],
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`esbuild produced nothing for ${options.entry}`);
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength };
}
