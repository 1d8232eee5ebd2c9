import { readdir, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, two levels above this file. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The fields of a package.json that the release tools read. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly files?: readonly string[];
  readonly exports?: unknown;
  readonly bin?: string | Record<string, string>;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

/** A package of `packages/*` that is published (not `private`). */
export interface PublishedPackage {
  /** The package's folder name under `packages/`, e.g. `signing`. */
  readonly dir: string;
  /** Absolute path of the package folder. */
  readonly path: string;
  readonly manifest: PackageManifest;
}

/**
 * Lists the published packages of the workspace: every `packages/<dir>/package.json` that is not
 * `private`, sorted by folder name, so the release tools follow whatever packages exist.
 *
 * @example
 * ```ts
 * const names = (await publishedPackages()).map((p) => p.manifest.name);
 * // ["@card-processing/client", "@card-processing/sandbox", "@card-processing/signing", "@card-processing/types"]
 * ```
 */
export async function publishedPackages(root: string = repoRoot): Promise<PublishedPackage[]> {
  const packagesDir = join(root, "packages");
  const dirs = (await readdir(packagesDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  const found: PublishedPackage[] = [];
  for (const dir of dirs.sort()) {
    let text: string;
    try {
      text = await readFile(join(packagesDir, dir, "package.json"), "utf8");
    } catch {
      continue;
    }
    const manifest = JSON.parse(text) as PackageManifest;
    if (manifest.private === true) continue;
    found.push({ dir, path: join(packagesDir, dir), manifest });
  }
  return found;
}
