/**
 * Release check, CI only (like packages-install.test.ts): for each README, a fresh pnpm project
 * outside the workspace runs the README's own `pnpm add` lines (our packages come from their
 * tarballs through `overrides`, others from the registry), then runs the README's first example
 * against a sandbox CLI. The only edits to the example are the gateway address it names and the
 * merchant's keys, which it reads from the environment.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fencedBlocks } from "../snippets/markdown-blocks.ts";
import { cleanEnv, createConsumerProject } from "./consumer-project.ts";
import { packPackage, pnpmBin } from "./pack-package.ts";
import { publishedPackages, repoRoot } from "./published-packages.ts";
import { installLines } from "./readme-install-lines.ts";

const run = promisify(execFile);
const enabled = Boolean(process.env["CI"]) || process.env["RELEASE_CHECKS"] === "1";
const readmes = [
  "README.md",
  ...(await readdir(join(repoRoot, "packages"))).map((name) => `packages/${name}/README.md`),
];
/** The gateway addresses README examples name; the test points them at its sandbox. */
const placeholderUrls = ["https://sandbox.gateway.example/paynet", "http://127.0.0.1:8080/paynet"];
const login = "readme-merchant";
const controlKey = "readme-control-key";
const SLOW = 180_000;
/** What each README's first example prints when it worked. */
const printed: Readonly<Record<string, RegExp>> = {
  "README.md": /^approved$/,
  "packages/client/README.md": /^paid (poll|done)$/,
  "packages/sandbox/README.md": /^(processing|approved)$/,
  "packages/signing/README.md": /^$/,
  "packages/types/README.md": /^$/,
};

/** Starts the workspace's sandbox CLI on a free port; resolves to its URL and the process. */
async function startSandboxCli(): Promise<{ url: string; child: ChildProcess }> {
  const cli = join(repoRoot, "packages/sandbox/dist/cli/main.js");
  const args = ["--port", "0", "--login", login, "--control-key", controlKey, "--latency-ms", "50"];
  const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox CLI printed no url:\n${output}`)), 20_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /url:\s+(\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once("exit", (code) => reject(new Error(`the sandbox CLI exited (${code}):\n${output}`)));
  });
  return { url, child };
}

describe.runIf(enabled)("each README's install lines, run in a fresh pnpm project, then its first example", () => {
  let work = "";
  let sandbox: { url: string; child: ChildProcess } | undefined;
  const tarballs = new Map<string, string>();

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "card-processing-readmes-"));
    for (const pkg of await publishedPackages()) {
      tarballs.set(pkg.manifest.name, (await packPackage(pkg, join(work, "tarballs"))).tarball);
    }
    sandbox = await startSandboxCli();
  }, SLOW);

  afterAll(async () => {
    sandbox?.child.kill();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it.concurrent.each(readmes)(
    "%s",
    async (readme) => {
      const markdown = await readFile(join(repoRoot, readme), "utf8");
      const dir = join(work, readme.replaceAll("/", "-").replace(/\.md$/, ""));
      await createConsumerProject({ packageManager: "pnpm", dir, dependencies: [], tarballs });
      for (const { line } of installLines(markdown)) {
        const args = line.split(/\s+/).slice(1);
        await run(pnpmBin, [...args, "--prefer-offline"], { cwd: dir, env: cleanEnv() }).catch((error: unknown) => {
          const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
          throw new Error(`${readme}: \`${line}\` failed:\n${stdout}${stderr}`);
        });
      }
      let example = fencedBlocks(markdown, "ts")[0] ?? "";
      for (const placeholder of placeholderUrls) example = example.replaceAll(placeholder, sandbox!.url);
      // Types are checked with the snippets (examples/ typecheck); here the example runs as a user's would.
      const { outputText } = ts.transpileModule(example, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      await writeFile(join(dir, "example.mjs"), outputText);
      const env = cleanEnv({ MERCHANT_LOGIN: login, MERCHANT_CONTROL_KEY: controlKey });
      const result = await run(process.execPath, ["example.mjs"], { cwd: dir, env, timeout: 60_000 }).catch(
        (error: unknown) => {
          const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
          throw new Error(`${readme}: its first example failed:\n${stdout}${stderr}`);
        },
      );
      expect(result.stderr).toBe("");
      expect(result.stdout.trim()).toMatch(printed[readme] ?? /^$/);
    },
    SLOW,
  );
});
