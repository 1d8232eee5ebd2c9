import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildResultFile, writeBuildResult } from "./src/build-result-file.ts";
import { distDir, repoRoot } from "./src/paths.ts";
import { publishedPackages } from "./src/published-packages.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the docs site's one build: its `build-result.json` and (unless reused) its `site/`. */
    docsBuild: string;
  }
}

/**
 * Builds the documentation site once for the docs project, into a temporary folder that the test
 * files read through `builtSite()` (site.test.ts, guides.test.ts and sdk-reference.test.ts each
 * built it, or part of it, again), and removes the folder when the run ends. The build runs in a
 * process of its own, not awaited here: vitest runs every project's global setup before any test
 * file starts, so an awaited build (about 45 s, one core) kept the other projects' tests waiting.
 * `DOCS_REUSE_DIST=1` reads the site that `pnpm run docs` built into docs/dist instead.
 *
 * @example
 * ```ts
 * // docs/vitest.config.ts
 * export default defineProject({ test: { globalSetup: ["./global-setup.ts"] } });
 * ```
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), "docs-site-"));
  project.provide("docsBuild", folder);
  let build: ChildProcess | undefined;
  if (process.env.DOCS_REUSE_DIST === "1" && existsSync(join(distDir, "index.html"))) {
    writeBuildResult(folder, { ok: true, dir: distDir, packages: await publishedPackages(repoRoot) });
  } else {
    build = spawn(process.execPath, ["--import", "tsx", "docs/src/build-site-process.ts", folder], {
      cwd: repoRoot,
      stdio: ["ignore", "inherit", "pipe"],
    });
    let stderr = "";
    build.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // A process that died before writing its result (a crash, a kill) still gets one, so no test waits for ever.
    build.on("exit", (code, signal) => {
      if (existsSync(buildResultFile(folder))) return;
      writeBuildResult(folder, { ok: false, error: `The build exited (${signal ?? code}):\n${stderr}` });
    });
  }
  return async () => {
    if (build && build.exitCode === null && build.signalCode === null) {
      build.kill();
      await new Promise((resolve) => build?.once("exit", resolve));
    }
    await rm(folder, { recursive: true, force: true });
  };
}
