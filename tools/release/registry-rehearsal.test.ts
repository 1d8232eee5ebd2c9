/**
 * Release check, CI only: the publish rehearsed against a real registry. A Verdaccio registry on
 * 127.0.0.1 (storage in a temporary folder) receives all four packages from the project's own
 * release command (`changeset version` when changesets are pending, then `changeset publish`,
 * what `pnpm release` runs) on a copy of the workspace. Then fresh projects install each package
 * alone from it with pnpm, npm and Bun (our scope from the registry, everything else from npm),
 * check the installed versions are the released ones with no `workspace:` range, `require()` it,
 * type-check a TypeScript consumer of it after the pnpm install (one check per package, below), and
 * run a signed sale against the sandbox installed the same way. Runs when `CI` is set or with
 * `RELEASE_CHECKS=1`.
 */
import { execFile } from "node:child_process";
import { access, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv, consumerTsconfig, typeCheckConsumer, typescriptCompilers } from "./consumer-project.ts";
import { type LocalRegistry, startLocalRegistry } from "./local-registry.ts";
import { publishedPackages, repoRoot } from "./published-packages.ts";
import { installRuntime, matrix } from "./runtimes.ts";
import { copyWorkspaceForRelease } from "./workspace-copy.ts";

const run = promisify(execFile);
const enabled = Boolean(process.env["CI"]) || process.env["RELEASE_CHECKS"] === "1";
const bin = (name: string) => join(repoRoot, "node_modules/.bin", name);
const fixtures = join(repoRoot, "tools/release/consumer-fixtures");
const SLOW = 300_000;
const SCOPE = "@card-processing";
const typescript7 = typescriptCompilers.filter((c) => c.version === "7");

type Manager = "pnpm" | "npm" | "bun";
const managers: readonly Manager[] = ["pnpm", "npm", "bun"];

/**
 * Each package alone: the TypeScript consumer type-checked against it after a pnpm install. The
 * question here is whether the types resolve and link as the registry serves them, with no
 * overrides: one check per package answers it, TypeScript 7 with the `node16` config. `node16` is
 * the strictest resolution (the `exports` map under Node's `import` condition, an extension on
 * every relative import of a declaration) and the one that checks our `.d.ts` files in full, and
 * those of the dependencies they import, as pnpm's strict layout links them: a dependency missing
 * from a manifest fails there. Every compiler under every resolution and each manager's layout is
 * `packages-install.test.ts`'s matrix, over the files of the same build; TypeScript 7 costs a
 * sixth of 5.9's CPU here.
 */
const tsConsumers: Readonly<Record<string, string>> = {
  [`${SCOPE}/types`]: "types-alone.mts",
  [`${SCOPE}/signing`]: "signing-consumer.mts",
  [`${SCOPE}/client`]: "client-alone.mts",
  [`${SCOPE}/sandbox`]: "sandbox-consumer.mts",
};

async function exec(command: string, args: readonly string[], cwd: string, env = cleanEnv()): Promise<string> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env, maxBuffer: 32 * 1024 * 1024 });
    return stdout + stderr;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${stdout}${stderr}`, { cause: error });
  }
}

/** Every manifest of ours under `node_modules`, wherever the package manager put it. */
async function installedManifests(
  project: string,
): Promise<Array<{ path: string; manifest: Record<string, unknown> }>> {
  const found: Array<{ path: string; manifest: Record<string, unknown> }> = [];
  const entries = await readdir(join(project, "node_modules"), { recursive: true });
  for (const entry of entries) {
    if (!/(^|\/)@card-processing\/[a-z-]+\/package\.json$/.test(entry)) continue;
    const path = join(project, "node_modules", entry);
    found.push({ path, manifest: JSON.parse(await readFile(path, "utf8")) as Record<string, unknown> });
  }
  return found;
}

describe.runIf(enabled)("the publish, rehearsed against a local Verdaccio registry", () => {
  let registry: LocalRegistry;
  let work = "";
  let copy = "";
  let bunExecutable = "";
  const released = new Map<string, string>();
  const timings: string[] = [];
  const time = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step();
    timings.push(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  /** A fresh project outside the workspace that takes our scope from the registry and the rest from npm. */
  async function project(name: string, manager: Manager, packages: readonly string[]): Promise<string> {
    const dir = join(work, `${manager}-${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "package.json"), '{ "name": "consumer", "private": true, "type": "module" }\n');
    // One documented line per package manager: npm and pnpm read .npmrc, Bun its bunfig.toml.
    await writeFile(join(dir, ".npmrc"), `${SCOPE}:registry=${registry.url}\n`);
    await writeFile(join(dir, "bunfig.toml"), `[install.scopes]\n"${SCOPE}" = "${registry.url}"\n`);
    const [command, args] =
      manager === "pnpm"
        ? [bin("pnpm"), ["add", "--prefer-offline", ...packages]]
        : manager === "npm"
          ? ["npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...packages]]
          : [bunExecutable, ["add", ...packages]];
    await time(`${manager} install ${packages.join(" + ")}`, () => exec(command, args, dir));
    return dir;
  }

  beforeAll(async () => {
    const packages = await publishedPackages();
    for (const pkg of packages) {
      await access(join(pkg.path, "dist/index.js")).catch(() => {
        throw new Error(`${pkg.manifest.name} is not built: run \`pnpm build\` first`);
      });
    }
    const bun = matrix.find((r) => r.id === "bun");
    if (!bun) throw new Error("The runtime matrix has no bun");
    const [started, bunInstalled] = await Promise.all([
      time("start Verdaccio", startLocalRegistry),
      time("Bun from npm", () => installRuntime(bun)),
    ]);
    registry = started;
    bunExecutable = bunInstalled.executable;
    work = await mkdtemp(join(tmpdir(), "card-processing-rehearsal-"));
    copy = join(work, "workspace");
    await time("copy the workspace", () => copyWorkspaceForRelease(copy));
    const host = new URL(registry.url).host;
    await writeFile(
      join(copy, ".npmrc"),
      `${SCOPE}:registry=${registry.url}\n//${host}/:_authToken=${registry.token}\n`,
    );
    // The release command, as `pnpm release` runs it after the build: version what is pending, publish.
    const env = cleanEnv({ PATH: `${join(repoRoot, "node_modules/.bin")}:${process.env["PATH"] ?? ""}` });
    const pending = (await readdir(join(copy, ".changeset"))).some((f) => f.endsWith(".md") && f !== "README.md");
    if (pending) {
      await time("changeset version", () => exec(bin("changeset"), ["version"], copy, env));
      await exec("git", ["add", "-A"], copy);
      await exec(
        "git",
        ["-c", "user.name=Release", "-c", "user.email=r@example.com", "commit", "-qm", "Version packages"],
        copy,
      );
    }
    await time("changeset publish", () => exec(bin("changeset"), ["publish"], copy, env));
    for (const pkg of await publishedPackages(copy)) released.set(pkg.manifest.name, pkg.manifest.version);
  }, SLOW);

  afterAll(async () => {
    if (timings.length > 0) console.log(`registry rehearsal timings:\n  ${timings.join("\n  ")}`);
    await registry?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("publishes every package at its released version and tags each release in the copy", async () => {
    expect(released.size).toBeGreaterThanOrEqual(4);
    const tags = (await exec("git", ["tag", "--list"], copy)).split("\n").filter(Boolean);
    for (const [name, version] of released) {
      const response = await fetch(new URL(name.replace("/", "%2f"), registry.url));
      expect(response.status, name).toBe(200);
      const document = (await response.json()) as { "dist-tags": { latest: string } };
      expect(document["dist-tags"].latest, name).toBe(version);
      expect(tags, name).toContain(`${name}@${version}`);
    }
  });

  describe.concurrent.each(managers)("installed from the registry with %s", (manager) => {
    it(
      "each package alone: the released version, no workspace: range, require() works, and with pnpm its types resolve and check (TypeScript 7, node16)",
      async () => {
        // The packages at once, each in a project of its own: one install after another kept npm's
        // lane waiting on the registry for two minutes.
        const alone = async ([name, version]: [string, string]): Promise<void> => {
          const dir = await project(name.replace(`${SCOPE}/`, ""), manager, [name]);
          const manifests = await installedManifests(dir);
          expect(
            manifests.map((m) => m.manifest["name"]),
            name,
          ).toContain(name);
          for (const { path, manifest } of manifests) {
            expect(manifest["version"], path).toBe(released.get(String(manifest["name"])));
            expect(JSON.stringify(manifest), path).not.toContain("workspace:");
          }
          const required = await exec(
            process.execPath,
            ["-e", `console.log(Object.keys(require(${JSON.stringify(name)})).length)`],
            dir,
          );
          expect(Number(required.trim().split("\n").at(-1)), `require("${name}")`).toBeGreaterThan(0);
          expect(version).toMatch(/^\d+\.\d+\.\d+$/);
          if (manager === "pnpm") {
            const consumer = tsConsumers[name];
            if (!consumer) throw new Error(`no TypeScript consumer for ${name}`);
            await writeFile(join(dir, consumer), await readFile(join(fixtures, consumer), "utf8"));
            await writeFile(join(dir, "tsconfig.node16.json"), consumerTsconfig("node16", consumer));
            const checks = await time(`tsc ${name}`, () => typeCheckConsumer(dir, typescript7, ["node16"]));
            expect(checks.map((c) => `${c.typescript} ${c.config}`)).toEqual(["7 tsconfig.node16.json"]);
            for (const c of checks)
              expect(c.ok, `${name}: TypeScript ${c.typescript} ${c.config}: ${c.output}`).toBe(true);
          }
        };
        await Promise.all([...released].map(alone));
      },
      SLOW,
    );

    it(
      "client and sandbox make a signed sale that ends approved (ESM)",
      async () => {
        const dir = await project("sale", manager, [`${SCOPE}/client`, `${SCOPE}/sandbox`]);
        await writeFile(join(dir, "sale.mjs"), await readFile(join(fixtures, "registry-sale.mjs"), "utf8"));
        const output = await time(`${manager} signed sale`, () => exec(process.execPath, ["sale.mjs"], dir));
        const result = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as { status?: string };
        expect(result.status).toBe("approved");
      },
      SLOW,
    );
  });
});
