import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildSite } from "./src/build-site.ts";
import { distDir, repoRoot } from "./src/paths.ts";
import { type PublishedPackage, publishedPackages } from "./src/published-packages.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built documentation site's folder, read by the docs tests (`inject("docsSite")`). */
    docsSite: string;
    /** The packages its SDK reference documents. */
    docsPackages: PublishedPackage[];
  }
}

/**
 * Builds the documentation site once for the docs project, into a temporary folder that the test
 * files read (site.test.ts, guides.test.ts and sdk-reference.test.ts each built it, or part of it,
 * again), and removes the folder when the run ends. `DOCS_REUSE_DIST=1` reads the site that
 * `pnpm run docs` built into docs/dist instead, and leaves it there.
 *
 * @example
 * ```ts
 * // In a docs test file:
 * const site = inject("docsSite");
 * const landing = readFileSync(join(site, "index.html"), "utf8");
 * ```
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DOCS_REUSE_DIST === "1" && existsSync(join(distDir, "index.html"))) {
    project.provide("docsSite", distDir);
    project.provide("docsPackages", await publishedPackages(repoRoot));
    return async () => {};
  }
  const site = await mkdtemp(join(tmpdir(), "docs-site-"));
  try {
    const { packages } = await buildSite(repoRoot, site);
    project.provide("docsSite", site);
    project.provide("docsPackages", packages);
  } catch (error) {
    await rm(site, { recursive: true, force: true });
    throw error;
  }
  return () => rm(site, { recursive: true, force: true });
}
