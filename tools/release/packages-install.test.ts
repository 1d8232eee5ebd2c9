/**
 * Release check, CI only: packs every published package with `pnpm pack`, lints each tarball
 * (publint, attw), then installs each package alone from its tarball into fresh projects
 * outside the workspace with npm and with pnpm, and uses it there as a user would.
 *
 * It needs the packages built and the registry or a warm cache (~1 min). It runs when `CI` is set
 * (`.ci/run` sets it) or with `RELEASE_CHECKS=1`, which `pnpm release:dry-run` sets; a plain local
 * `pnpm test` skips it.
 */
import { execFile } from "node:child_process";
import { access, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConsumerResolution,
  cleanEnv,
  consumerResolutions,
  consumerTsconfigs,
  createConsumerProject,
  type PackageManager,
  typeCheckConsumer,
  typescriptCompilers,
} from "./consumer-project.ts";
import { type PackedPackage, packPackage } from "./pack-package.ts";
import { publishedPackages, repoRoot } from "./published-packages.ts";
import { startReferenceGateway } from "./reference-gateway.ts";
import { unresolvedSourceMaps } from "./source-maps.ts";
import { tarballEntries } from "./tarball-entries.ts";

const run = promisify(execFile);
const enabled = Boolean(process.env["CI"]) || process.env["RELEASE_CHECKS"] === "1";
const packages = await publishedPackages();
const names = new Set(packages.map((p) => p.manifest.name));
const managers: readonly PackageManager[] = ["npm", "pnpm"];
const fixtures = join(repoRoot, "tools/release/consumer-fixtures");
/** Per-test limit: type checks take ~10 s alone, several times that on a busy 2-CPU runner. */
const SLOW = 180_000;
const bin = (name: string) => join(repoRoot, "node_modules/.bin", name);

const TYPES = "@card-processing/types";
const SIGNING = "@card-processing/signing";
const CLIENT = "@card-processing/client";
const SANDBOX = "@card-processing/sandbox";
/** Files a package ships besides dist/, src/ (the sources its maps name), README.md, LICENSE and package.json. */
const EXTRA_FILES: Readonly<Record<string, readonly string[]>> = { [TYPES]: ["openapi.json"] };

/** The consumer projects per package manager: which of our packages each depends on directly. */
const PROJECTS: Readonly<
  Record<
    string,
    { readonly needs: string; readonly dependencies: readonly string[]; readonly fixtures: readonly string[] }
  >
> = {
  types: { needs: TYPES, dependencies: [TYPES], fixtures: ["types-alone.mts"] },
  signing: { needs: SIGNING, dependencies: [SIGNING], fixtures: ["signing-alone.mjs", "signing-consumer.mts"] },
  client: {
    needs: CLIENT,
    dependencies: [CLIENT, SIGNING, TYPES],
    fixtures: ["client-consumer.mts", "signed-call.mjs", "require-consumer.cjs"],
  },
  sandbox: { needs: SANDBOX, dependencies: [SANDBOX], fixtures: ["sandbox-alone.mjs", "sandbox-consumer.mts"] },
};

/** Runs a command and returns its output, or the output and exit code when it fails. */
async function attempt(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = "", stderr = "", code } = error as { stdout?: string; stderr?: string; code?: unknown };
    return { ok: false, output: `exit ${String(code)}\n${stdout}${stderr}` };
  }
}

/**
 * The settings a consumer is type-checked with, per package manager. The `workers` setting is
 * `bundler`'s resolution with a Worker's libraries instead of the DOM's: it checks the text of our
 * declarations, the same whichever manager installed them, so it runs once, in pnpm's strict
 * layout; `bundler`, `node16` and `nodenext` resolve through each manager's layout.
 */
const resolutionsBy: Readonly<Record<PackageManager, readonly ConsumerResolution[]>> = {
  npm: consumerResolutions.filter((resolution) => resolution !== "workers"),
  pnpm: consumerResolutions,
};

/**
 * Type-checks a consumer project under TypeScript 5.9 and 7, each with the manager's settings, and
 * fails naming every compiler and config that failed, each with its errors.
 */
async function typeCheck(cwd: string, manager: PackageManager): Promise<void> {
  const resolutions = resolutionsBy[manager];
  const results = await typeCheckConsumer(cwd, typescriptCompilers, resolutions);
  expect(results.map((r) => `${r.typescript} ${r.config}`)).toEqual(
    typescriptCompilers.flatMap((c) => resolutions.map((r) => `${c.version} tsconfig.${r}.json`)),
  );
  const failed = results.filter((r) => !r.ok);
  expect(failed.length, failed.map((r) => `TypeScript ${r.typescript} ${r.config}: ${r.output}`).join("\n")).toBe(0);
}

async function nodeJson(cwd: string, args: readonly string[]): Promise<Record<string, unknown>> {
  const { ok, output } = await attempt(process.execPath, args, cwd);
  expect(ok, output).toBe(true);
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
}

describe.runIf(enabled)("published packages, packed and installed alone", () => {
  let work = "";
  const packed = new Map<string, PackedPackage>();
  const projectDirs = new Map<string, string>();
  const timings: string[] = [];

  beforeAll(async () => {
    for (const pkg of packages) {
      const entry = join(pkg.path, "dist/index.js");
      await access(entry).catch(() => {
        throw new Error(`${pkg.manifest.name} is not built (${entry} is missing): run \`pnpm build\` first`);
      });
    }
    work = await mkdtemp(join(tmpdir(), "card-processing-release-"));
    let started = performance.now();
    for (const pkg of packages) packed.set(pkg.manifest.name, await packPackage(pkg, join(work, "tarballs")));
    timings.push(`pack ${packages.length} packages: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const tarballs = new Map([...packed].map(([name, p]) => [name, p.tarball]));

    const installs: Array<Promise<void>> = [];
    for (const manager of managers) {
      for (const [kind, project] of Object.entries(PROJECTS)) {
        if (!names.has(project.needs)) continue;
        const dir = join(work, `${manager}-${kind}`);
        projectDirs.set(`${manager}:${kind}`, dir);
        const files: Record<string, string> = {};
        for (const fixture of project.fixtures) files[fixture] = await readFile(join(fixtures, fixture), "utf8");
        const ts = project.fixtures.find((f) => f.endsWith(".mts"));
        if (ts) Object.assign(files, consumerTsconfigs(ts));
        const dependencies = project.dependencies.filter((name) => names.has(name));
        const one = performance.now();
        installs.push(
          createConsumerProject({ packageManager: manager, dir, dependencies, tarballs, files }).then(() => {
            timings.push(`${manager} install ${kind}: ${((performance.now() - one) / 1000).toFixed(1)} s`);
          }),
        );
      }
    }
    started = performance.now();
    await Promise.all(installs);
    timings.push(`all installs, in parallel: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 300_000);

  afterAll(async () => {
    if (timings.length > 0) console.log(`release check timings:\n  ${timings.join("\n  ")}`);
    if (work) await rm(work, { recursive: true, force: true });
  });

  describe.each(packages.map((p) => [p.manifest.name, p] as const))("the tarball of %s", (name, pkg) => {
    it("ships only dist/, src/, README.md, LICENSE and package.json", () => {
      const { files } = packed.get(name)!;
      const allowed = new Set(["package.json", "README.md", "LICENSE", ...(EXTRA_FILES[name] ?? [])]);
      expect(files.filter((f) => !/^(dist|src)\//.test(f) && !allowed.has(f))).toEqual([]);
      expect(files).toEqual(
        expect.arrayContaining(["package.json", "README.md", "LICENSE", "dist/index.js", "dist/index.d.ts"]),
      );
      // Test helpers compiled by mistake would ship too: nothing named like a test is allowed.
      expect(files.filter((f) => /\.(test|test-d|testlib|bench)\.[cm]?[jt]s/.test(f))).toEqual([]);
    });

    it("has source maps that resolve inside the package: every source a map names is shipped", async () => {
      const entries = await tarballEntries(packed.get(name)!.tarball);
      const files = new Map([...entries].map(([path, bytes]) => [path.replace(/^package\//, ""), bytes]));
      expect([...files.keys()].filter((f) => f.endsWith(".map")).length).toBeGreaterThan(0);
      expect(unresolvedSourceMaps(files)).toEqual([]);
    });

    it("carries the workspace version and real ranges instead of workspace: ones", () => {
      const { manifest } = packed.get(name)!;
      expect(manifest.version).toBe(pkg.manifest.version);
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+(-[\w.-]+)?$/);
      for (const field of ["dependencies", "peerDependencies"] as const) {
        for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
          expect(range, `${field}.${dep}`).not.toMatch(/^workspace:/);
          const ours = packages.find((p) => p.manifest.name === dep);
          if (ours) expect(range, `${field}.${dep}`).toBe(`^${ours.manifest.version}`);
        }
      }
    });

    it("passes publint --strict", async () => {
      const { ok, output } = await attempt(bin("publint"), ["run", packed.get(name)!.tarball, "--strict"], work);
      expect(ok, output).toBe(true);
    });

    it("passes @arethetypeswrong/cli with the ESM-only profile", async () => {
      const { ok, output } = await attempt(
        bin("attw"),
        [packed.get(name)!.tarball, "--profile", "esm-only", "--format", "ascii"],
        work,
      );
      expect(ok, output).toBe(true);
    });
  });

  // Concurrent: the type checks dominate and each runs in its own tsc process.
  describe.concurrent.each(managers)("installed from the tarballs with %s", (manager) => {
    const dir = (kind: string) => projectDirs.get(`${manager}:${kind}`)!;

    it.runIf(names.has(SIGNING))(
      "signing alone computes a control digest and an OAuth signature",
      async () => {
        await expect(access(join(dir("signing"), "node_modules", CLIENT))).rejects.toThrow();
        const result = await nodeJson(dir("signing"), ["signing-alone.mjs"]);
        expect(result).toEqual({
          control: "c6bdd88a78834ef4b863b088827a459f039e8257",
          signature: "MdpQcU8iPSUjWoN/UDMsK2sui9I=",
          verified: { ok: true, consumerKey: "shop" },
        });
      },
      SLOW,
    );

    it.runIf(names.has(SIGNING))(
      "signing alone type-checks a TypeScript consumer of its middleware without openapi-fetch installed",
      async () => {
        await expect(access(join(dir("signing"), "node_modules/openapi-fetch"))).rejects.toThrow();
        await typeCheck(dir("signing"), manager);
      },
      SLOW,
    );

    it.runIf(names.has(SANDBOX))(
      "sandbox alone type-checks a TypeScript consumer without @types/node (its public types need nothing from Node)",
      async () => {
        await expect(access(join(dir("sandbox"), "node_modules/@types/node"))).rejects.toThrow();
        await typeCheck(dir("sandbox"), manager);
      },
      SLOW,
    );

    it.runIf(names.has(TYPES))(
      "types alone type-checks a consumer with TypeScript 5.9 and 7, moduleResolution bundler, node16 and nodenext",
      async () => {
        await typeCheck(dir("types"), manager);
        const spec = await nodeJson(dir("types"), [
          "--input-type=module",
          "-e",
          'import spec from "@card-processing/types/openapi.json" with { type: "json" }; import { operationTable } from "@card-processing/types"; console.log(JSON.stringify({ openapi: spec.openapi, sale: operationTable["/api/v2/sale/{endpointId}"].operationId }))',
        ]);
        expect(spec).toEqual({ openapi: expect.stringMatching(/^3\.1\./), sale: "sale" });
      },
      SLOW,
    );

    it.runIf(names.has(CLIENT))(
      "client, signing and types make a signed call to a local server",
      async () => {
        const gateway = await startReferenceGateway({ login: "install-merchant", controlKey: "install-control-key" });
        try {
          const result = await nodeJson(dir("client"), [
            "signed-call.mjs",
            gateway.url,
            "install-merchant",
            "install-control-key",
          ]);
          expect(result).toEqual({ status: "approved", final: true, payout: "async-response" });
          expect(gateway.received.map((r) => r.verdict)).toEqual(["control ok", "oauth-hmac-sha1 ok"]);
          expect(gateway.received[0]).toMatchObject({
            accept: "application/vnd.pay+json",
            contentType: expect.stringContaining("application/x-www-form-urlencoded"),
            body: expect.objectContaining({
              login: "install-merchant",
              client_orderid: "902B4FF5",
              orderid: "1234567",
            }),
          });
        } finally {
          await gateway.close();
        }
      },
      SLOW,
    );

    it.runIf(names.has(CLIENT))(
      "a CommonJS consumer requires the ESM packages (require(esm), Node >= 20.19)",
      async () => {
        const result = await nodeJson(dir("client"), ["require-consumer.cjs"]);
        expect(result).toMatchObject({
          createClient: "function",
          openapi: expect.stringMatching(/^3\.1\./),
          control: "c6bdd88a78834ef4b863b088827a459f039e8257",
        });
        expect(result["operations"]).toBeGreaterThan(0);
      },
      SLOW,
    );

    it.runIf(names.has(CLIENT))(
      "a TypeScript consumer of the client type-checks with TypeScript 5.9 and 7, moduleResolution bundler, node16 and nodenext",
      async () => {
        await typeCheck(dir("client"), manager);
      },
      SLOW,
    );

    it.runIf(names.has(SANDBOX))(
      "sandbox alone starts from code, answers on 127.0.0.1 and links its CLI",
      async () => {
        const result = await nodeJson(dir("sandbox"), ["sandbox-alone.mjs"]);
        expect(result["url"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/paynet$/);
        expect(result["status"]).toBeLessThan(500);
        await access(join(dir("sandbox"), "node_modules/.bin/card-processing-sandbox"));
      },
      SLOW,
    );
  });
});
