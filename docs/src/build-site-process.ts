// Run as a process of its own by docs/global-setup.ts: builds the site into `<folder>/site`, then
// writes `<folder>/build-result.json`, which the docs tests wait for (docs/src/built-site.ts).
import { join } from "node:path";
import { type SiteBuildResult, writeBuildResult } from "./build-result-file.ts";
import { buildSite } from "./build-site.ts";
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

writeBuildResult(folder, await result(folder));
