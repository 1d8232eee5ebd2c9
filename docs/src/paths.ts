import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Where `pnpm docs` writes the site (ignored by git). */
export const distDir = join(repoRoot, "docs/dist");

/** Where the browser test saves its screenshots (ignored by git). */
export const artifactsDir = join(repoRoot, "artifacts/docs");
