import { access } from "node:fs/promises";
import { join } from "node:path";
import { publishedPackages as releasedPackages } from "../../tools/release/published-packages.ts";

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
 * Lists the published packages (as the release tools find them) that have a `tsconfig.json` and
 * a `src/index.ts`. A package still being written is skipped, so the SDK reference follows the
 * packages as they land.
 */
export async function publishedPackages(repoRoot: string): Promise<PublishedPackage[]> {
  const found: PublishedPackage[] = [];
  for (const { dir, path, manifest } of await releasedPackages(repoRoot)) {
    const files = ["tsconfig.json", "src/index.ts"].map((f) => join(path, f));
    if (!(await Promise.all(files.map(exists))).every(Boolean)) continue;
    const { description } = manifest as { description?: string };
    found.push({ dir: `packages/${dir}`, name: manifest.name, description: description ?? "" });
  }
  return found;
}
