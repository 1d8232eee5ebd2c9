import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PublishedPackage } from "./published-packages.ts";

/** What the docs site's one build (docs/global-setup.ts) wrote once it ended. */
export type SiteBuildResult = { ok: true; dir: string; packages: PublishedPackage[] } | { ok: false; error: string };

/**
 * The file in the build's `folder` that says how the build ended: the docs tests wait for it
 * (`builtSite()`).
 *
 * @example
 * ```ts
 * const resultFile = buildResultFile(inject("docsBuild"));
 * ```
 */
export function buildResultFile(folder: string): string {
  return join(folder, "build-result.json");
}

/**
 * Writes how the build ended into its folder: beside, then renamed, since the tests poll for the
 * file and must never read it half-written.
 *
 * @example
 * ```ts
 * writeBuildResult(folder, { ok: false, error: "The build exited (1)" });
 * ```
 */
export function writeBuildResult(folder: string, result: SiteBuildResult): void {
  const file = buildResultFile(folder);
  writeFileSync(`${file}.part`, JSON.stringify(result));
  renameSync(`${file}.part`, file);
}
