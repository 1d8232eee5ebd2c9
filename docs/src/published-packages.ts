import { access, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** A workspace package the SDK reference documents. */
export interface PublishedPackage {
  /** Folder under the repository root, e.g. `packages/signing`. */
  dir: string;
  /** npm name, e.g. `@card-processing/signing`. */
  name: string;
  description: string;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lists the published packages that exist right now: a non-private `package.json`, a
 * `tsconfig.json` and a `src/index.ts`. A package still being written is skipped, so the SDK
 * reference follows the packages as they land.
 */
export async function publishedPackages(repoRoot: string): Promise<PublishedPackage[]> {
  const root = join(repoRoot, "packages");
  const found: PublishedPackage[] = [];
  for (const entry of (await readdir(root, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const dir = join(root, entry.name);
    const files = ["package.json", "tsconfig.json", "src/index.ts"].map((f) => join(dir, f));
    if (!(await Promise.all(files.map(exists))).every(Boolean)) continue;
    const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as {
      name?: string;
      private?: boolean;
      description?: string;
    };
    if (manifest.private || !manifest.name) continue;
    found.push({ dir: `packages/${entry.name}`, name: manifest.name, description: manifest.description ?? "" });
  }
  return found;
}
