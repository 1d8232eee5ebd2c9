/** A temporary git repository with a spec, four package manifests and changesets, for the api-diff tests. */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse, stringify } from "yaml";

const run = promisify(execFile);
const fixtures = join(import.meta.dirname, "fixtures");
const packages = ["types", "client", "signing", "sandbox"];

/** A fixture repository: its folder and the steps the tests take in it. */
export interface FixtureRepo {
  readonly dir: string;
  git(...args: string[]): Promise<void>;
  /** Writes the `base` or `head` spec of a rule's fixture pair as the repo's spec. */
  writeSpec(rule: string, side: "base" | "head"): Promise<void>;
  /** Commits the `base` spec of a rule's fixture pair as "Version packages". */
  release(rule: string): Promise<void>;
  /** Writes a changeset bumping types and client. */
  changeset(name: string, bump: string): Promise<void>;
  remove(): Promise<void>;
}

/** Creates the repository with one commit ("First commit", an empty spec); packages at 0.3.0. */
export async function createFixtureRepo(): Promise<FixtureRepo> {
  const dir = await mkdtemp(join(tmpdir(), "api-diff-repo-"));
  const git = async (...args: string[]) => {
    await run("git", ["-c", "user.name=test", "-c", "user.email=test@example.invalid", ...args], { cwd: dir });
  };
  const writeSpec = async (rule: string, side: "base" | "head") => {
    const pair = parse(await readFile(join(fixtures, `${rule}.yaml`), "utf8"));
    await writeFile(join(dir, "spec/openapi.yaml"), stringify({ info: { title: "t", version: "1" }, ...pair[side] }));
  };
  await mkdir(join(dir, "spec"));
  await mkdir(join(dir, ".changeset"));
  await writeFile(join(dir, "redocly.yaml"), "apis:\n  main:\n    root: spec/openapi.yaml\n");
  for (const name of packages) {
    await mkdir(join(dir, "packages", name), { recursive: true });
    const manifest = { name: `@card-processing/${name}`, version: "0.3.0" };
    await writeFile(join(dir, "packages", name, "package.json"), JSON.stringify(manifest));
  }
  await writeFile(join(dir, "spec/openapi.yaml"), "openapi: 3.1.0\ninfo: {title: t, version: '0'}\npaths: {}\n");
  await git("init", "-q");
  await git("add", "-A");
  await git("commit", "-qm", "First commit");
  return {
    dir,
    git,
    writeSpec,
    async release(rule) {
      await writeSpec(rule, "base");
      await git("add", "-A");
      await git("commit", "-qm", "Version packages");
    },
    async changeset(name, bump) {
      const lines = ["@card-processing/types", "@card-processing/client"].map((p) => `"${p}": ${bump}`);
      await writeFile(join(dir, ".changeset", `${name}.md`), `---\n${lines.join("\n")}\n---\n\nA change.\n`);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
