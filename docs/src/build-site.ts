import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { buildSignaturesPage } from "./api-pages/build-signatures-page.ts";
import { buildWithoutTypeScriptPage } from "./api-pages/build-without-typescript-page.ts";
import { buildApiChanges } from "./build-api-changes.ts";
import { buildApiReference } from "./build-api-reference.ts";
import { buildLandingPage } from "./build-landing-page.ts";
import { buildSdkReference } from "./build-sdk-reference.ts";
import { buildGuides } from "./guides/build-guides.ts";
import { type PublishedPackage, publishedPackages } from "./published-packages.ts";
import { writeSpecDownloads } from "./spec-downloads.ts";

/** What a site build produced, for the log and the browser test. */
export interface SiteBuild {
  packages: PublishedPackage[];
  millis: number;
}

/**
 * Builds the whole site into `distDir`: `api/index.html` (Redoc), `api/changes.html` (the API changes per release),
 * the spec and the Postman collection to download beside them (`api/openapi.yaml`, ...),
 * `api/signatures.html` and `api/without-typescript.html` (worked signatures, the API from curl, Python and PHP), `sdk/` (TypeDoc, when a
 * published package exists), `guides/` (one page per guide) and `index.html`. The two references and
 * the guides build in parallel.
 */
export async function buildSite(repoRoot: string, distDir: string): Promise<SiteBuild> {
  const started = performance.now();
  await rm(distDir, { recursive: true, force: true });
  await mkdir(join(distDir, "api"), { recursive: true });
  const packages = await publishedPackages(repoRoot);
  const results = await Promise.allSettled([
    buildApiReference(repoRoot, join(distDir, "api/index.html")),
    buildApiChanges(repoRoot, join(distDir, "api/changes.html")),
    packages.length > 0 ? buildSdkReference(repoRoot, packages, join(distDir, "sdk")) : Promise.resolve(),
    buildGuides(repoRoot, join(distDir, "guides")),
    writeSpecDownloads(repoRoot, join(distDir, "api")),
    buildSignaturesPage(repoRoot, join(distDir, "api/signatures.html")),
    buildWithoutTypeScriptPage(repoRoot, join(distDir, "api/without-typescript.html")),
  ]);
  const failed = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  if (failed.length > 0) throw failed.length === 1 ? failed[0] : new AggregateError(failed, "The docs build failed.");
  await buildLandingPage(repoRoot, packages, packages.length > 0, join(distDir, "index.html"));
  return { packages, millis: Math.round(performance.now() - started) };
}
