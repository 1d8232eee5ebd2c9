/**
 * `pnpm test:runtimes`: runs `runtime-smoke/smoke.mjs` (published control vectors, the RFC 5849
 * HMAC-SHA1 vector, HMAC and RSA sign/verify, and signed client calls) on every runtime of the
 * matrix, against the packages installed from their tarballs into a project outside the
 * workspace, and against a reference gateway that this Node process runs and that checks every
 * signature with node:crypto. workerd runs Workers, not scripts: there the example Workers
 * (examples/workers/) are bundled from that project as wrangler bundles them and run against the
 * workspace's sandbox (`workerd/worker-checks.ts`). Pick runtimes with arguments:
 * `pnpm test:runtimes bun deno workerd`.
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { cleanEnv, createConsumerProject } from "./consumer-project.ts";
import { packPackage } from "./pack-package.ts";
import { publishedPackages, repoRoot } from "./published-packages.ts";
import { startReferenceGateway } from "./reference-gateway.ts";
import { type InstalledRuntime, installRuntime, matrix, workerdBinary } from "./runtimes.ts";
import { checkWorkersInWorkerd, type SandboxForWorkers } from "./workerd/worker-checks.ts";

const run = promisify(execFile);
const NEEDED = ["@card-processing/types", "@card-processing/signing", "@card-processing/client"];

/**
 * The example Workers in workerd, built from the consumer project's packages, against the
 * workspace's sandbox (built by `pnpm test:runtimes`); prints each check and the bundles' sizes.
 */
async function runWorkers(installed: InstalledRuntime, project: string): Promise<void> {
  const sandboxEntry = pathToFileURL(join(repoRoot, "packages/sandbox/dist/index.js")).href;
  const { startSandbox } = (await import(sandboxEntry)) as {
    startSandbox(options: { latencyMs: number }): Promise<SandboxForWorkers & { close(): Promise<void> }>;
  };
  const sandbox = await startSandbox({ latencyMs: 100 });
  try {
    const sources = join(repoRoot, "examples/workers");
    const { passed, sizes } = await checkWorkersInWorkerd(await workerdBinary(installed), project, sources, sandbox);
    console.log(`# ${installed.version}\n${passed.map((line) => `ok - ${line}`).join("\n")}`);
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
    for (const [name, size] of Object.entries(sizes))
      console.log(
        `# ${name} Worker: ${kb(size.gzipBytes)} gzipped as wrangler builds it, ${kb(size.minifiedGzipBytes)} with --minify`,
      );
  } finally {
    await sandbox.close();
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main(selected: readonly string[]): Promise<number> {
  const started = performance.now();
  const runtimes = selected.length === 0 ? matrix : matrix.filter((r) => selected.includes(r.id));
  if (runtimes.length === 0) {
    console.error(`no runtime matches ${selected.join(", ")}; known: ${matrix.map((r) => r.id).join(", ")}`);
    return 2;
  }

  // Installed all at once, each into its own folder: npm waits on the network, not on the CPU.
  const installed = await Promise.all(runtimes.map((runtime) => installRuntime(runtime)));
  for (const { runtime, version, installSeconds } of installed) {
    const how = installSeconds > 0 ? `installed in ${installSeconds.toFixed(1)} s` : "cached";
    console.log(`runtime ${runtime.id}: ${version} (${how})`);
  }

  const work = await mkdtemp(join(tmpdir(), "card-processing-runtimes-"));
  const gateway = await startReferenceGateway({
    login: "runtime-merchant",
    controlKey: "runtime-control-key",
    publicKey: generated.publicKey,
  });
  try {
    const packStarted = performance.now();
    const packages = (await publishedPackages()).filter((p) => NEEDED.includes(p.manifest.name));
    const tarballs = new Map<string, string>();
    for (const pkg of packages)
      tarballs.set(pkg.manifest.name, (await packPackage(pkg, join(work, "tarballs"))).tarball);
    const missing = NEEDED.filter((name) => !tarballs.has(name));
    if (missing.length > 0) throw new Error(`missing packages: ${missing.join(", ")}`);
    const project = join(work, "consumer");
    await createConsumerProject({ packageManager: "npm", dir: project, dependencies: NEEDED, tarballs });
    await copyFile(join(repoRoot, "tools/release/runtime-smoke/smoke.mjs"), join(project, "smoke.mjs"));
    // The throwaway key goes in a private file, not on the command line, where `ps` would show it.
    await writeFile(join(project, "private-key.pem"), generated.privateKeyPem, { mode: 0o600 });
    console.log(`packed and installed ${NEEDED.length} packages with npm in ${seconds(packStarted)}\n`);

    const rows: Array<[string, string, string, string]> = [];
    for (const runtimeInstalled of installed) {
      const { runtime, executable, version } = runtimeInstalled;
      const runStarted = performance.now();
      if (runtime.runs === "workers") {
        let outcome = "passed";
        await runWorkers(runtimeInstalled, project).catch((error: unknown) => {
          console.log(`${String(error)}\n${runtime.id} FAILED`);
          outcome = "FAILED";
        });
        rows.push([runtime.id, version, outcome, seconds(runStarted)]);
        continue;
      }
      const args = [
        ...runtime.args,
        "smoke.mjs",
        gateway.url,
        "runtime-merchant",
        "runtime-control-key",
        "private-key.pem",
      ];
      let outcome = "passed";
      try {
        const { stdout, stderr } = await run(executable, args, {
          cwd: project,
          env: cleanEnv({ NO_COLOR: "1" }),
          timeout: 120_000,
        });
        process.stdout.write(stdout + stderr);
      } catch (error) {
        const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
        process.stdout.write(`${stdout}${stderr}\n${runtime.id} FAILED: ${String(error).split("\n")[0]}\n`);
        outcome = "FAILED";
      }
      rows.push([runtime.id, version.replace(/ \(.*$/, ""), outcome, seconds(runStarted)]);
    }
    const refused = gateway.received.filter((r) => r.verdict.startsWith("refused"));
    if (refused.length > 0)
      console.log(`\nthe reference gateway refused: ${refused.map((r) => `${r.path} (${r.verdict})`).join(", ")}`);
    console.log("\nruntime  version            result  time");
    for (const row of rows) console.log(`${row[0].padEnd(8)} ${row[1].padEnd(18)} ${row[2].padEnd(7)} ${row[3]}`);
    console.log(`total ${seconds(started)}`);
    return rows.every((row) => row[2] === "passed") ? 0 : 1;
  } finally {
    await gateway.close();
    await rm(work, { recursive: true, force: true });
  }
}

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const generated = {
  publicKey: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
  privateKeyPem: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};

process.exitCode = await main(process.argv.slice(2));
