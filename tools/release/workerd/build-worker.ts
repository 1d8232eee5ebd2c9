import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** A Worker bundled as `wrangler deploy` bundles it, and its sizes. */
export interface BuiltWorker {
  /** The bundle, one ES module. */
  readonly code: string;
  /** Bytes gzipped, as wrangler builds it (not minified) and as `wrangler deploy --minify` does. */
  readonly gzipBytes: number;
  readonly minifiedGzipBytes: number;
}

/**
 * Bundles a Worker's entry module the way wrangler does, without wrangler (which needs Node ≥ 22.12):
 * esbuild, one ES module, target es2022, the export conditions `workerd`, `worker` and `browser`,
 * browser main fields, names kept, and the runtime's own `cloudflare:*` modules left as imports.
 * Packages resolve from the entry's folder up, so the entry's project decides which copies are used.
 *
 * @example
 * ```ts
 * const worker = await buildWorker("/tmp/shop/callback-worker.ts");
 * worker.gzipBytes; // 4 100
 * ```
 */
export async function buildWorker(entry: string): Promise<BuiltWorker> {
  const bundle = (minify: boolean) =>
    build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "esm",
      target: "es2022",
      platform: "browser",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["browser", "module", "main"],
      keepNames: true,
      external: ["cloudflare:*"],
      minify,
      logLevel: "silent",
    });
  const [plain, minified] = await Promise.all([bundle(false), bundle(true)]);
  const text = (result: typeof plain) => result.outputFiles[0]?.text ?? "";
  return {
    code: text(plain),
    gzipBytes: gzipSync(text(plain)).length,
    minifiedGzipBytes: gzipSync(text(minified)).length,
  };
}
