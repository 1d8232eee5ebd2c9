/**
 * `pnpm api:diff [BASE] [--changeset]`: lists every change of the spec from BASE (a git ref; by
 * default the last release, see `spec-at-ref.ts`) to the working tree, by operation and field,
 * each marked breaking or additive. With `--changeset` it also writes a changeset whose body is
 * that list, bumping the packages the changes reach by what they need.
 */
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { bundleSpec } from "../generate/bundle-spec.ts";
import { publishedPackages, repoRoot } from "../release/published-packages.ts";
import { changeList } from "./change-list.ts";
import { affectedPackages, type Bump, bumpCovers, requiredBump } from "./release-bump.ts";
import { bundleSpecAt, lastRelease } from "./spec-at-ref.ts";
import { type SpecChange, specChanges } from "./spec-changes.ts";

async function writeChangeset(changes: readonly SpecChange[]): Promise<string> {
  const versions = new Map((await publishedPackages(repoRoot)).map((p) => [p.manifest.name, p.manifest.version]));
  const bumps = new Map<string, Bump>();
  for (const change of changes) {
    for (const name of affectedPackages(change)) {
      const needed = requiredBump(change.rule.kind, versions.get(name) ?? "0.0.0");
      const known = bumps.get(name);
      if (!known || !bumpCovers(known, needed)) bumps.set(name, needed);
    }
  }
  const list = changeList(changes);
  const frontmatter = [...bumps].sort().map(([name, bump]) => `"${name}": ${bump}`);
  const file = join(
    repoRoot,
    ".changeset",
    `api-changes-${createHash("sha1").update(list).digest("hex").slice(0, 8)}.md`,
  );
  await writeFile(file, `---\n${frontmatter.join("\n")}\n---\n\nAPI changes (from \`pnpm api:diff\`):\n\n${list}\n`);
  return file;
}

async function main(args: readonly string[]): Promise<number> {
  const positional = args.filter((a) => !a.startsWith("--"));
  const release = positional[0] === undefined ? await lastRelease(repoRoot) : undefined;
  const base = positional[0] ?? release?.commit ?? "HEAD";
  const label = !release
    ? base
    : release.isRelease
      ? `the last release, ${release.commit.slice(0, 7)} "${release.label}"`
      : `the first commit, ${release.commit.slice(0, 7)} (no release yet)`;
  const changes = specChanges(await bundleSpecAt(repoRoot, base), await bundleSpec(repoRoot));
  if (changes.length === 0) {
    console.log(`No API changes since ${label}.`);
    return 0;
  }
  console.log(`API changes since ${label}:\n\n${changeList(changes)}`);
  if (args.includes("--changeset")) {
    console.log(
      `\nWrote ${relative(repoRoot, await writeChangeset(changes))}: add a sentence for users above the list.`,
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
