/**
 * `pnpm check:api-version`: fails when the spec changed in a breaking way since the last release
 * (see `spec-at-ref.ts`) and the pending changesets do not bump every package the change reaches
 * by a major version (a minor one below 1.0.0). Its message lists the breaking changes.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bundleSpec } from "../generate/bundle-spec.ts";
import { changesetReleases } from "../release/check-changesets.ts";
import { publishedPackages } from "../release/published-packages.ts";
import { changeList } from "./change-list.ts";
import { affectedPackages, type Bump, bumpCovers, requiredBump } from "./release-bump.ts";
import { bundleSpecAt, lastRelease, type ReleaseRef } from "./spec-at-ref.ts";
import { type SpecChange, specChanges } from "./spec-changes.ts";

/** What the check found. */
export interface ApiVersionCheck {
  readonly since: ReleaseRef;
  readonly breaking: readonly SpecChange[];
  /** Packages a breaking change reaches whose pending bump is too small, with the bump needed. */
  readonly missing: ReadonlyArray<{ readonly name: string; readonly needed: Bump; readonly pending: Bump | undefined }>;
}

async function pendingBumps(root: string): Promise<Map<string, Bump>> {
  const bumps = new Map<string, Bump>();
  const dir = join(root, ".changeset");
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    if (!entry.endsWith(".md") || entry.toLowerCase() === "readme.md") continue;
    for (const { name, bump } of changesetReleases(await readFile(join(dir, entry), "utf8"))) {
      const known = bumps.get(name);
      if (bump !== "none" && (!known || bumpCovers(bump, known))) bumps.set(name, bump);
    }
  }
  return bumps;
}

/**
 * Runs the check on the git repository at `root` (its working tree against the last release).
 *
 * @example
 * ```ts
 * const { missing, breaking } = await checkApiVersion(repoRoot);
 * if (missing.length > 0) console.error(changeList(breaking));
 * ```
 */
export async function checkApiVersion(root: string): Promise<ApiVersionCheck> {
  const since = await lastRelease(root);
  const changes = specChanges(await bundleSpecAt(root, since.commit), await bundleSpec(root));
  const breaking = changes.filter((c) => c.rule.kind === "breaking");
  const versions = new Map((await publishedPackages(root)).map((p) => [p.manifest.name, p.manifest.version]));
  const pending = await pendingBumps(root);
  const reached = [...new Set(breaking.flatMap(affectedPackages))].filter((name) => versions.has(name)).sort();
  const missing = reached.flatMap((name) => {
    const needed = requiredBump("breaking", versions.get(name) ?? "0.0.0");
    const bump = pending.get(name);
    return bump && bumpCovers(bump, needed) ? [] : [{ name, needed, pending: bump }];
  });
  return { since, breaking, missing };
}

async function main(): Promise<number> {
  const result = await checkApiVersion(process.cwd());
  const { since } = result;
  const from = since.isRelease
    ? `since ${since.commit.slice(0, 7)} "${since.label}"`
    : `since the first commit ${since.commit.slice(0, 7)} (no release yet)`;
  if (result.breaking.length === 0) {
    console.log(`check:api-version: no breaking spec change ${from}.`);
    return 0;
  }
  if (result.missing.length === 0) {
    console.log(
      `check:api-version: ${result.breaking.length} breaking spec change(s) ${from}, covered by pending changesets.`,
    );
    return 0;
  }
  const needs = result.missing.map((m) => `${m.name} needs a ${m.needed} bump (pending: ${m.pending ?? "none"})`);
  console.error(
    `check:api-version: the spec changed in a breaking way ${from}:\n\n${changeList(result.breaking)}\n\n` +
      `${needs.join("\n")}\n\nRun \`pnpm api:diff --changeset\` and describe the change for users (see CONTRIBUTING.md).`,
  );
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
