import { execFile } from "node:child_process";
import { access, cp, mkdir, readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./published-packages.ts";

const run = promisify(execFile);

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Copies what a release reads into `destination`, a fresh git repository of one commit, so that
 * `changeset version`, `changeset publish` (which tags) and `pnpm pack` run there and never touch
 * this repository: the workspace files, the changesets, and each package's folder as built
 * (manifest, README, CHANGELOG, `dist/`, `src/`...) without its `node_modules`.
 *
 * @example
 * ```ts
 * const copy = await mkdtemp(join(tmpdir(), "release-"));
 * await copyWorkspaceForRelease(copy);
 * ```
 */
export async function copyWorkspaceForRelease(destination: string): Promise<void> {
  for (const file of ["package.json", "pnpm-workspace.yaml", "LICENSE", ".changeset"]) {
    await cp(join(repoRoot, file), join(destination, file), { recursive: true });
  }
  for (const dir of await readdir(join(repoRoot, "packages"))) {
    await cp(join(repoRoot, "packages", dir), join(destination, "packages", dir), {
      recursive: true,
      filter: (source) => basename(source) !== "node_modules",
    });
  }
  if (await exists(join(repoRoot, "examples/package.json"))) {
    await mkdir(join(destination, "examples"), { recursive: true });
    await cp(join(repoRoot, "examples/package.json"), join(destination, "examples/package.json"));
  }
  const git = (args: string[]) => run("git", args, { cwd: destination });
  await git(["init", "-q", "-b", "main"]);
  await git(["add", "-A"]);
  await git(["-c", "user.name=Release", "-c", "user.email=release@example.com", "commit", "-q", "-m", "Workspace"]);
}
