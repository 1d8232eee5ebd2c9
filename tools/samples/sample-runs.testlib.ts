import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { transform } from "esbuild";
import type { CodeSample } from "./code-samples.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** What one run of a sample printed, and how it ended. */
export interface SampleRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly millis: number;
}

/**
 * A folder the samples are written to and run in, with `@card-processing/client` resolvable from
 * it (a link to the workspace package), as it is in a shop's project after `npm install`.
 */
export async function samplesFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "card-processing-samples-"));
  await mkdir(join(dir, "node_modules/@card-processing"), { recursive: true });
  await symlink(join(repoRoot, "packages/client"), join(dir, "node_modules/@card-processing/client"), "dir");
  // A module project, as the TypeScript samples' top-level await needs.
  await writeFile(join(dir, "package.json"), `${JSON.stringify({ type: "module", private: true })}\n`);
  return dir;
}

/** At most `limit` sample processes at once: the machine's two cores are shared. */
export function processLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * The file a TypeScript sample runs as: its text with the types stripped by esbuild, the compiler
 * tsx runs inside its loader, written beside it as `.mjs`, so that the process is plain `node`
 * (tsx's own start, a second Node process and a loader, cost about half a second per sample).
 */
async function strippedOf(file: string, source: string): Promise<string> {
  const { code } = await transform(source, { loader: "ts", format: "esm", target: "node20", sourcefile: file });
  const stripped = file.replace(/\.ts$/, ".mjs");
  await writeFile(stripped, code);
  return stripped;
}

let python: Promise<string> | undefined;

/**
 * The interpreter `python3` names on the PATH, asked once: where a version manager's shim (pyenv)
 * is first on the PATH, every start through it runs a few shell scripts first, about a second each.
 */
function pythonExecutable(): Promise<string> {
  python ??= promisify(execFile)("python3", ["-c", "import sys; print(sys.executable)"]).then(({ stdout }) =>
    stdout.trim(),
  );
  return python;
}

/** The program and argument that run a sample's file, as the reference's reader runs it. */
async function commandOf(file: string, sample: CodeSample): Promise<[string, string]> {
  if (sample.command === "tsx") return ["node", await strippedOf(file, sample.source)];
  if (sample.command === "python3") return [await pythonExecutable(), file];
  return [sample.command, file];
}

/** Writes a sample's text as it is shown and runs it as a process of its own, with `env` added. */
export async function runSample(dir: string, sample: CodeSample, env: Record<string, string>): Promise<SampleRun> {
  const file = join(dir, sample.file);
  await writeFile(file, sample.source);
  const [command, script] = await commandOf(file, sample);
  const started = performance.now();
  const child = spawn(command, [script], { cwd: dir, env: { ...process.env, ...env }, timeout: 120_000 });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  return { code, stdout, stderr, millis: Math.round(performance.now() - started) };
}
