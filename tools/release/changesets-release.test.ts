/**
 * Release dry run, CI only: replays `pnpm release` on a copy of the workspace up to the pack step,
 * the way the release would run after `changeset version`: the release plan (`changeset status`),
 * the version step (`changeset version`: versions, CHANGELOG.md files, consumed changesets), then
 * `pnpm pack` of every published package with the new versions. `changeset publish` itself is the
 * only step left out. Needs the packages built; runs when `CI` is set or with `RELEASE_CHECKS=1`
 * (`pnpm release:dry-run`).
 */
import { execFile } from "node:child_process";
import { access, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv } from "./consumer-project.ts";
import { packPackage } from "./pack-package.ts";
import { type PackageManifest, publishedPackages, repoRoot } from "./published-packages.ts";
import { copyWorkspaceForRelease } from "./workspace-copy.ts";

const run = promisify(execFile);
const enabled = Boolean(process.env["CI"]) || process.env["RELEASE_CHECKS"] === "1";
const changeset = join(repoRoot, "node_modules/.bin/changeset");
const packages = await publishedPackages();

interface ReleasePlan {
  readonly changesets: ReadonlyArray<{
    readonly id: string;
    readonly summary: string;
    readonly releases: ReadonlyArray<{ readonly name: string }>;
  }>;
  readonly releases: ReadonlyArray<{
    readonly name: string;
    readonly type: string;
    readonly oldVersion: string;
    readonly newVersion: string;
  }>;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

describe.runIf(enabled)("a release dry run on a copy of the workspace", () => {
  let copy = "";
  let plan: ReleasePlan;
  const before = new Map<string, boolean>();

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), "card-processing-release-dry-run-"));
    await copyWorkspaceForRelease(copy);
    for (const pkg of packages) before.set(pkg.manifest.name, await exists(join(pkg.path, "CHANGELOG.md")));
    await run(changeset, ["status", "--output", "plan.json"], { cwd: copy, env: cleanEnv() });
    plan = JSON.parse(await readFile(join(copy, "plan.json"), "utf8")) as ReleasePlan;
    await rm(join(copy, "plan.json"));
  }, 60_000);

  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it("plans releases for published packages only, never for private ones such as examples", () => {
    const published = new Set(packages.map((p) => p.manifest.name));
    const released = plan.releases.filter((r) => r.type !== "none").map((r) => r.name);
    expect(released.filter((name) => !published.has(name))).toEqual([]);
    for (const r of plan.releases.filter((r) => !published.has(r.name))) expect(r.newVersion).toBe(r.oldVersion);
  });

  it("releases a never-released package first as 0.1.0", () => {
    const first = plan.releases.filter((r) => published(r.name) && before.get(r.name) === false);
    for (const release of first) {
      expect(
        release.newVersion,
        `${release.name} has no CHANGELOG.md, so this is its first release, which should be 0.1.0: with version ` +
          `${release.oldVersion} in package.json and a "${release.type}" changeset it would be ${release.newVersion}. ` +
          'Set "version": "0.0.0" in its package.json and keep the "minor" changeset.',
      ).toBe("0.1.0");
    }
  });

  it("versions the packages, writes their CHANGELOG.md from the changesets and consumes them", async () => {
    await run(changeset, ["version"], { cwd: copy, env: cleanEnv() });
    for (const release of plan.releases.filter((r) => r.type !== "none" && published(r.name))) {
      const pkg = packages.find((p) => p.manifest.name === release.name)!;
      const dir = join(copy, "packages", pkg.dir);
      const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as PackageManifest;
      expect(manifest.version).toBe(release.newVersion);
      const changelog = await readFile(join(dir, "CHANGELOG.md"), "utf8");
      expect(changelog).toContain(`## ${release.newVersion}`);
      for (const c of plan.changesets.filter((c) => c.releases.some((r) => r.name === release.name))) {
        expect(changelog).toContain(c.summary.split("\n")[0]);
      }
    }
    const left = (await readdir(join(copy, ".changeset"))).filter((f) => f.endsWith(".md") && f !== "README.md");
    expect(left).toEqual([]);
  });

  it("packs every published package with its new version and real ranges on the others", async () => {
    const versions = new Map<string, string>();
    const copies = await publishedPackages(copy);
    for (const pkg of copies) versions.set(pkg.manifest.name, pkg.manifest.version);
    for (const pkg of copies) {
      const packed = await packPackage(pkg, join(copy, "tarballs"));
      expect(packed.manifest.version).toBe(pkg.manifest.version);
      for (const [dep, range] of Object.entries(packed.manifest.dependencies ?? {})) {
        const version = versions.get(dep);
        if (version) expect(range, `${pkg.manifest.name} → ${dep}`).toBe(`^${version}`);
        expect(range).not.toMatch(/^workspace:/);
      }
    }
  }, 60_000);
});

function published(name: string): boolean {
  return packages.some((p) => p.manifest.name === name);
}
