// `pnpm docs`: builds the documentation site into docs/dist.
import { relative } from "node:path";
import { buildSite } from "./src/build-site.ts";
import { distDir, repoRoot } from "./src/paths.ts";

buildSite(repoRoot, distDir).then(
  ({ packages, millis }) => {
    const names = packages.map((p) => p.name).join(", ") || "none yet";
    console.log(
      `Built ${relative(process.cwd(), distDir) || "."} in ${(millis / 1000).toFixed(1)} s (SDK reference: ${names}).`,
    );
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
