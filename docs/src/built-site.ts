import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { buildResultFile, type SiteBuildResult } from "./build-result-file.ts";
import type { PublishedPackage } from "./published-packages.ts";

/** The built documentation site: its folder and the packages its SDK reference documents. */
export interface BuiltSite {
  dir: string;
  packages: PublishedPackage[];
}

/**
 * The site that docs/global-setup.ts builds once per run, in a process of its own, while other
 * test files already run: waits until the build has ended (its `build-result.json` written), and
 * throws the build's error if it failed. Called from a test file's `beforeAll`, whose time limit
 * bounds the wait.
 *
 * @example
 * ```ts
 * let site: BuiltSite;
 * beforeAll(async () => {
 *   site = await builtSite();
 * });
 * ```
 */
export async function builtSite(): Promise<BuiltSite> {
  const resultFile = buildResultFile(inject("docsBuild"));
  while (!existsSync(resultFile)) await new Promise((resolve) => setTimeout(resolve, 250));
  const result = JSON.parse(await readFile(resultFile, "utf8")) as SiteBuildResult;
  if (!result.ok) throw new Error(`The docs site's build failed:\n${result.error}`);
  return { dir: result.dir, packages: result.packages };
}
