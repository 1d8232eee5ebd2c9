import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changesetPackages, checkChangesets } from "./check-changesets.ts";
import { repoRoot } from "./published-packages.ts";

const run = promisify(execFile);
let repo = "";

async function write(path: string, content: string): Promise<void> {
  await mkdir(dirname(join(repo, path)), { recursive: true });
  await writeFile(join(repo, path), content);
}

async function commit(message: string): Promise<void> {
  await run("git", ["add", "-A"], { cwd: repo });
  await run(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "--allow-empty", "-m", message],
    { cwd: repo },
  );
}

function manifest(name: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ name, version: "0.1.0", ...extra });
}

function changeset(...names: string[]): string {
  return `---\n${names.map((n) => `"${n}": patch`).join("\n")}\n---\n\nA change users can read about.\n`;
}

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), "check-changesets-"));
  await run("git", ["init", "-q", "-b", "main"], { cwd: repo });
  await write("packages/alpha/package.json", manifest("@x/alpha"));
  await write("packages/alpha/src/index.ts", "export const a = 1;\n");
  await write("packages/beta/package.json", manifest("@x/beta"));
  await write("packages/beta/src/index.ts", "export const b = 1;\n");
  await write("packages/internal/package.json", manifest("@x/internal", { private: true }));
  await write("packages/internal/src/index.ts", "export const i = 1;\n");
  await write(".changeset/config.json", "{}\n");
  await write(".changeset/README.md", "---\nnot: a changeset\n---\n");
});

afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe("checkChangesets", () => {
  it("before any release, counts the first commit's sources and asks a changeset for each published package", async () => {
    await write(".changeset/alpha-initial.md", changeset("@x/alpha"));
    await commit("Initial commit");
    const result = await checkChangesets(repo);
    expect(result.since).toBeUndefined();
    expect([...result.changed.keys()]).toEqual(["@x/alpha", "@x/beta"]);
    expect(result.missing).toEqual(["@x/beta"]);
  });

  it("counts only changes after the last Version packages commit", async () => {
    await commit("Initial commit");
    await commit("Version packages");
    expect((await checkChangesets(repo)).missing).toEqual([]);

    await write("packages/beta/src/index.ts", "export const b = 2;\n");
    await commit("Change beta");
    const result = await checkChangesets(repo);
    expect(result.since?.subject).toBe("Version packages");
    expect(result.changed.get("@x/beta")).toEqual(["packages/beta/src/index.ts"]);
    expect(result.missing).toEqual(["@x/beta"]);

    await write(".changeset/beta-fix.md", changeset("@x/beta"));
    expect((await checkChangesets(repo)).missing).toEqual([]);
  });

  it("finds the release commit whatever its case (changesets/action writes Version Packages)", async () => {
    await write("packages/alpha/src/index.ts", "export const a = 2;\n");
    await commit("Initial commit");
    await commit("Version Packages");
    expect((await checkChangesets(repo)).missing).toEqual([]);
  });

  it("ignores tests, type tests, benchmarks, test helpers, files outside src/ and private packages", async () => {
    await commit("Initial commit");
    await commit("Version packages");
    await write("packages/alpha/src/index.test.ts", "test\n");
    await write("packages/alpha/src/index.test-d.ts", "test\n");
    await write("packages/alpha/src/index.bench.ts", "bench\n");
    await write("packages/alpha/src/reference.testlib.ts", "helper\n");
    await write("packages/alpha/README.md", "docs\n");
    await write("packages/internal/src/index.ts", "export const i = 2;\n");
    await commit("Tests and docs");
    const result = await checkChangesets(repo);
    expect(result.changed.size).toBe(0);
    expect(result.missing).toEqual([]);
  });

  it("counts uncommitted, untracked and deleted source files", async () => {
    await commit("Initial commit");
    await commit("Version packages");
    await write("packages/alpha/src/new-feature.ts", "export const f = 1;\n");
    await unlink(join(repo, "packages/beta/src/index.ts"));
    const result = await checkChangesets(repo);
    expect(result.changed.get("@x/alpha")).toEqual(["packages/alpha/src/new-feature.ts"]);
    expect(result.changed.get("@x/beta")).toEqual(["packages/beta/src/index.ts"]);
    expect(result.missing).toEqual(["@x/alpha", "@x/beta"]);
  });

  it("does not count a changeset that names another package", async () => {
    await commit("Initial commit");
    await commit("Version packages");
    await write("packages/alpha/src/index.ts", "export const a = 3;\n");
    await write(".changeset/beta-only.md", changeset("@x/beta"));
    expect((await checkChangesets(repo)).missing).toEqual(["@x/alpha"]);
  });

  it("exits 1 from the command line and names the package and the fix", async () => {
    await commit("Initial commit");
    const failure = await run(
      join(repoRoot, "node_modules/.bin/tsx"),
      [join(repoRoot, "tools/release/check-changesets.ts")],
      {
        cwd: repo,
      },
    ).then(
      () => undefined,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("@x/alpha, @x/beta changed without a changeset");
    expect(failure?.stderr).toContain("pnpm changeset");
  });
});

describe("changesetPackages", () => {
  it("reads quoted and unquoted names with their bump types from the frontmatter only", () => {
    const text = '---\n"@x/alpha": minor\n\'@x/beta\': patch\nplain: major\n---\n\n"@x/gamma": minor in the body\n';
    expect(changesetPackages(text)).toEqual(["@x/alpha", "@x/beta", "plain"]);
  });

  it("reads an empty changeset as naming no package", () => {
    expect(changesetPackages("---\n---\n\nNothing to release.\n")).toEqual([]);
  });
});
