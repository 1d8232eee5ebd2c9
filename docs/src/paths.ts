import { join } from "node:path";
import { repoRoot } from "../../tools/release/published-packages.ts";

/** The repository root, whatever the working directory. */
export { repoRoot };

/** Where `pnpm docs` writes the site (ignored by git). */
export const distDir = join(repoRoot, "docs/dist");

/** Where the browser test saves its screenshots (ignored by git). */
export const artifactsDir = join(repoRoot, "artifacts/docs");
