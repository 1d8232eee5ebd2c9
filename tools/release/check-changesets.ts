/**
 * `pnpm check:changesets`: fails when a published package's source changed since the last
 * release and no pending changeset names that package. "Since the last release" means since the
 * last commit whose message starts with "Version packages" (what `changeset version` is
 * committed as, by hand or by changesets/action), or, before the first release, everything in
 * the history, the first commit included. Uncommitted and untracked files count too, so the
 * check gives the same answer locally as in CI. Tests, type tests, benchmarks and test helpers
 * (`*.test.ts`, `*.test-d.ts`, `*.bench.ts`, `*.testlib.ts`) are not a user-visible change.
 * CI needs the full history (no shallow clone) to find the release commit.
 */
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { publishedPackages } from "./published-packages.ts";

const run = promisify(execFile);

/** What the check found. */
export interface ChangesetCheck {
  /** The commit changes are counted from, or `undefined` when counting from the empty tree. */
  readonly since: { readonly commit: string; readonly subject: string } | undefined;
  /** Published packages whose `src/` changed, by name, with the changed files. */
  readonly changed: ReadonlyMap<string, readonly string[]>;
  /** Packages named by pending changesets in `.changeset/*.md`. */
  readonly covered: ReadonlySet<string>;
  /** Changed packages that no pending changeset names: the check fails when this is not empty. */
  readonly missing: readonly string[];
}

const NOT_A_CHANGE = /\.(test|test-d|bench|testlib)\.[cm]?[jt]sx?$/;

async function git(root: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

function lines(text: string): string[] {
  return text.split("\n").filter((line) => line !== "");
}

/** One package line of a changeset's frontmatter. */
export interface ChangesetRelease {
  readonly name: string;
  readonly bump: "major" | "minor" | "patch" | "none";
}

/**
 * Reads the packages and bumps from the frontmatter of a changeset file (`"@scope/name": minor`).
 *
 * @example
 * ```ts
 * changesetReleases('---\n"@card-processing/client": patch\n---\n\nFix the retry delay.\n'); // [{ name: "@card-processing/client", bump: "patch" }]
 * ```
 */
export function changesetReleases(text: string): ChangesetRelease[] {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---/.exec(text);
  if (!match) return [];
  const releases: ChangesetRelease[] = [];
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const entry = /^\s*(["']?)(.+?)\1\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
    if (entry?.[2]) releases.push({ name: entry[2], bump: entry[3] as ChangesetRelease["bump"] });
  }
  return releases;
}

/**
 * Reads the package names from the frontmatter of a changeset file (`"@scope/name": minor`).
 *
 * @example
 * ```ts
 * changesetPackages('---\n"@card-processing/client": patch\n---\n\nFix the retry delay.\n'); // ["@card-processing/client"]
 * ```
 */
export function changesetPackages(text: string): string[] {
  return changesetReleases(text).map((r) => r.name);
}

/**
 * Runs the check on the git repository at `root`.
 *
 * @example
 * ```ts
 * const { missing } = await checkChangesets("/work/main");
 * if (missing.length > 0) console.error(`add a changeset for ${missing.join(", ")}`);
 * ```
 */
export async function checkChangesets(root: string): Promise<ChangesetCheck> {
  const release = lines(
    await git(root, ["log", "-n1", "-i", "-E", "--grep=^Version packages", "--format=%H%x09%s"]),
  )[0];
  let since: ChangesetCheck["since"];
  let base: string;
  if (release) {
    const [commit = "", subject = ""] = release.split("\t");
    since = { commit, subject };
    base = commit;
  } else {
    // No release yet: count from the empty tree, so the first commit's files count too.
    base = (await git(root, ["hash-object", "-t", "tree", "/dev/null"])).trim();
  }
  const files = new Set([
    ...lines(await git(root, ["diff", "--name-only", "--no-renames", base, "--", "packages"])),
    ...lines(await git(root, ["ls-files", "--others", "--exclude-standard", "--", "packages"])),
  ]);

  const byDir = new Map((await publishedPackages(root)).map((p) => [p.dir, p.manifest.name]));
  const changed = new Map<string, string[]>();
  for (const file of [...files].sort()) {
    const match = /^packages\/([^/]+)\/src\/(.+)$/.exec(file);
    if (!match || NOT_A_CHANGE.test(file)) continue;
    const name = byDir.get(match[1] ?? "");
    if (!name) continue;
    changed.set(name, [...(changed.get(name) ?? []), file]);
  }

  const covered = new Set<string>();
  const changesetDir = join(root, ".changeset");
  const entries = await readdir(changesetDir).catch(() => [] as string[]);
  for (const entry of entries) {
    if (!entry.endsWith(".md") || entry.toLowerCase() === "readme.md") continue;
    for (const name of changesetPackages(await readFile(join(changesetDir, entry), "utf8"))) covered.add(name);
  }
  const missing = [...changed.keys()].filter((name) => !covered.has(name));
  return { since, changed, covered, missing };
}

async function main(): Promise<number> {
  const root = (await git(process.cwd(), ["rev-parse", "--show-toplevel"])).trim();
  const result = await checkChangesets(root);
  const from = result.since
    ? `since ${result.since.commit.slice(0, 7)} "${result.since.subject}"`
    : "since the first commit";
  if (result.changed.size === 0) {
    console.log(`check:changesets: no published package's src/ changed ${from}.`);
    return 0;
  }
  for (const [name, files] of result.changed) {
    const state = result.covered.has(name) ? "has a changeset" : "NO CHANGESET";
    console.log(`${name}: ${files.length} source file(s) changed ${from}; ${state}`);
  }
  if (result.missing.length === 0) return 0;
  console.error(
    `\ncheck:changesets: ${result.missing.join(", ")} changed without a changeset. Run \`pnpm changeset\`, pick the ` +
      "package(s), and describe the change for users (see CONTRIBUTING.md).",
  );
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
