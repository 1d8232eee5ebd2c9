/**
 * The spec as it was at a git ref, bundled with the generator's own bundler, and the refs that
 * mark releases. A release is a commit whose subject starts with "Version packages" (what
 * `changeset version` is committed as, the rule `check:changesets` uses too) or a tag
 * `@card-processing/<package>@<version>`; CI clones may carry no tags, so the subject is enough.
 * Before the first release the base is the repository's first commit, which already holds the
 * whole spec: every change since then is listed as unreleased.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type BundledSpec, bundleSpec } from "../generate/bundle-spec.ts";

const run = promisify(execFile);

async function git(root: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** A release (or the first commit, before any release). */
export interface ReleaseRef {
  readonly commit: string;
  /** `Version packages`, a tag name, or the first commit's subject. */
  readonly label: string;
  readonly date: string;
  /** `false` for the first-commit fallback. */
  readonly isRelease: boolean;
}

/**
 * Lists the releases of the repository at `root`, oldest first: "Version packages" commits and
 * commits tagged `@card-processing/...@...`, one entry per commit.
 *
 * @example
 * ```ts
 * const last = (await releases(repoRoot)).at(-1); // undefined before the first release
 * ```
 */
export async function releases(root: string): Promise<ReleaseRef[]> {
  const found = new Map<string, ReleaseRef>();
  const log = await git(root, ["log", "--reverse", "-i", "-E", "--grep=^Version packages", "--format=%H%x09%cs%x09%s"]);
  for (const line of log.split("\n").filter(Boolean)) {
    const [commit = "", date = "", subject = ""] = line.split("\t");
    found.set(commit, { commit, date, label: subject, isRelease: true });
  }
  const tags = await git(root, [
    "tag",
    "--list",
    "@card-processing/*@*",
    "--format=%(objectname)%09%(*objectname)%09%(refname:short)",
  ]);
  for (const line of tags.split("\n").filter(Boolean)) {
    const [object = "", peeled = "", name = ""] = line.split("\t");
    const commit = peeled || object;
    if (found.has(commit)) continue;
    found.set(commit, {
      commit,
      date: await git(root, ["show", "-s", "--format=%cs", commit]),
      label: name,
      isRelease: true,
    });
  }
  // Oldest first, by the commit graph's order rather than by date.
  const order = (await git(root, ["rev-list", "--reverse", "HEAD"])).split("\n");
  return [...found.values()]
    .filter((r) => order.includes(r.commit))
    .sort((a, b) => order.indexOf(a.commit) - order.indexOf(b.commit));
}

/**
 * The ref that "since the last release" counts from: the latest release, or the first commit.
 *
 * @example
 * ```ts
 * const base = await lastRelease(repoRoot);
 * console.log(base.isRelease ? `since ${base.label}` : "no release yet: since the first commit");
 * ```
 */
export async function lastRelease(root: string): Promise<ReleaseRef> {
  return (await releases(root)).at(-1) ?? (await firstCommit(root));
}

/**
 * The repository's first commit, where counting starts before any release.
 *
 * @example
 * ```ts
 * (await firstCommit(repoRoot)).isRelease; // false
 * ```
 */
export async function firstCommit(root: string): Promise<ReleaseRef> {
  const commit = (await git(root, ["rev-list", "--max-parents=0", "HEAD"])).split("\n").at(-1) ?? "";
  const [date = "", label = ""] = (await git(root, ["show", "-s", "--format=%cs%x09%s", commit])).split("\t");
  return { commit, date, label, isRelease: false };
}

/**
 * Bundles the spec as it was at `ref`: its `spec/`, `redocly.yaml` and the Redocly plugin are
 * taken from git into a temporary folder and bundled there. A ref without `spec/` gives an empty
 * spec, so every operation of the working tree counts as new.
 *
 * @example
 * ```ts
 * const before = await bundleSpecAt(repoRoot, "HEAD~3");
 * ```
 */
export async function bundleSpecAt(root: string, ref: string): Promise<BundledSpec> {
  const commit = await git(root, ["rev-parse", "--verify", `${ref}^{commit}`]);
  const present = await git(root, ["ls-tree", "--name-only", commit, "spec", "redocly.yaml", "tools/redocly-plugin"]);
  if (!present.split("\n").includes("spec")) return { openapi: "3.1.0", paths: {} };
  const dir = await mkdtemp(join(tmpdir(), "card-processing-spec-at-"));
  try {
    const paths = present.split("\n").filter(Boolean);
    const archive = join(dir, "spec.tar");
    await git(root, ["archive", "--format=tar", `--output=${archive}`, commit, "--", ...paths]);
    await run("tar", ["-xf", archive, "-C", dir]);
    return await bundleSpec(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
