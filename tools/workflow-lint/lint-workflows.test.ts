import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../release/published-packages.ts";
import { lintWorkflows, lintWorkflowText } from "./lint-workflows.ts";

const run = promisify(execFile);
const tsx = join(repoRoot, "node_modules/.bin/tsx");
const script = join(repoRoot, "tools/workflow-lint/lint-workflows.ts");

const sound = `on: push
jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        node: [20, 22]
    steps:
      - run: echo \${{ matrix.node }}
`;
// The same workflow with a typo in the expression: GitHub would run it with an empty value.
const broken = sound.replace("matrix.node }}", "matrix.nodes }}");

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "lint-workflows-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Runs `pnpm lint:workflows`'s script on a folder; resolves to its exit code and output. */
async function lintFolder(dir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [script, dir], { cwd: repoRoot });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("pnpm lint:workflows", () => {
  it("finds the undefined matrix property in a broken workflow, and nothing in the sound one", async () => {
    expect(await lintWorkflowText(sound, "sound.yml")).toEqual([]);
    const findings = await lintWorkflowText(broken, "broken.yml");
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: "broken.yml", line: 9, kind: "expression" });
    expect(findings[0]?.message).toContain('"nodes"');
  });

  it("exits 1 and prints the finding when a workflow of the folder is broken", async () => {
    await writeFile(join(folder, "sound.yml"), sound);
    await writeFile(join(folder, "broken.yaml"), broken);
    const { code, output } = await lintFolder(folder);
    expect(code).toBe(1);
    expect(output).toMatch(/broken\.yaml:9:\d+: property "nodes" is not defined/);
    expect(output).not.toMatch(/sound\.yml:\d/);
  });

  it("exits 1 when the folder holds no workflow, so a misplaced folder cannot pass", async () => {
    const empty = await mkdtemp(join(folder, "empty-"));
    expect((await lintFolder(empty)).code).toBe(1);
  });

  it("finds nothing in this repository's workflows, CI and release among them", async () => {
    const { files, findings } = await lintWorkflows();
    expect(files).toEqual(expect.arrayContaining([".github/workflows/ci.yml", ".github/workflows/release.yml"]));
    expect(findings).toEqual([]);
  });
});
