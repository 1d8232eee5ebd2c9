import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { PackageManifest, PublishedPackage } from "./published-packages.ts";
import { repoRoot } from "./published-packages.ts";
import { tarballEntries } from "./tarball-entries.ts";

const run = promisify(execFile);

/** The workspace's own pnpm (root devDependency), so packing never depends on a global install. */
export const pnpmBin = join(repoRoot, "node_modules/.bin/pnpm");

/** A packed package: where the tarball is, what it holds and the manifest as published. */
export interface PackedPackage {
  readonly name: string;
  readonly tarball: string;
  /** Size of the `.tgz` in bytes. */
  readonly bytes: number;
  /** Paths inside the package, without the leading `package/`, sorted. */
  readonly files: readonly string[];
  /** `package.json` as it is inside the tarball (`workspace:` ranges already replaced). */
  readonly manifest: PackageManifest;
}

/**
 * Packs one package with `pnpm pack`, which is what `changeset publish` runs through pnpm, so the
 * tarball is the one users would get: `files` applied and `workspace:` ranges made real.
 *
 * @example
 * ```ts
 * const [types] = await publishedPackages();
 * const packed = await packPackage(types, "/tmp/tarballs");
 * packed.files.includes("dist/index.js"); // true
 * ```
 */
export async function packPackage(pkg: PublishedPackage, destination: string): Promise<PackedPackage> {
  const { stdout } = await run(pnpmBin, ["pack", "--json", "--pack-destination", destination], {
    cwd: pkg.path,
    env: { ...process.env, npm_config_loglevel: "error" },
    maxBuffer: 16 * 1024 * 1024,
  });
  const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { filename: string };
  const tarball = report.filename.startsWith("/") ? report.filename : join(destination, report.filename);
  const entries = await tarballEntries(tarball);
  const manifestBytes = entries.get("package/package.json");
  if (!manifestBytes) throw new Error(`${tarball} holds no package/package.json`);
  return {
    name: pkg.manifest.name,
    tarball,
    bytes: (await stat(tarball)).size,
    files: [...entries.keys()].map((path) => path.replace(/^package\//, "")).sort(),
    manifest: JSON.parse(manifestBytes.toString("utf8")) as PackageManifest,
  };
}
