// Run as a process of its own by docs/global-setup.ts: builds the site into `<folder>/site`, then
// writes `<folder>/build-result.json`, which the docs tests wait for (docs/src/built-site.ts).
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildSite } from "./build-site.ts";
import type { SiteBuildResult } from "./built-site.ts";
import { repoRoot } from "./paths.ts";

const folder = process.argv[2];
if (!folder) throw new Error("Usage: build-site-process.ts <folder>");

async function result(folder: string): Promise<SiteBuildResult> {
  try {
    const dir = join(folder, "site");
    const { packages } = await buildSite(repoRoot, dir);
    return { ok: true, dir, packages };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

// Written beside, then renamed: the tests poll for the file, and never read it half-written.
const written = join(folder, "build-result.json.part");
await writeFile(written, JSON.stringify(await result(folder)));
await rename(written, join(folder, "build-result.json"));
