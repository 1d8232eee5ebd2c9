import { join } from "node:path";
import { Application, LogLevel, OptionDefaults } from "typedoc";
import type { PublishedPackage } from "./published-packages.ts";

/**
 * Builds the SDK reference from the TSDoc of the given packages with TypeDoc, one module per
 * package, into `outDir`. Type errors are not TypeDoc's to report (`pnpm typecheck` does), so a
 * package mid-change still gets documented.
 */
export async function buildSdkReference(repoRoot: string, packages: readonly PublishedPackage[], outDir: string): Promise<void> {
  const app = await Application.bootstrapWithPlugins({
    name: "card-processing SDK",
    entryPointStrategy: "packages",
    entryPoints: packages.map((pkg) => join(repoRoot, pkg.dir)),
    // Options of each package's own conversion: the package folders hold no TypeDoc config.
    packageOptions: {
      entryPoints: ["src/index.ts"],
      readme: "none",
      skipErrorChecking: true,
      disableSources: true,
      disableGit: true,
      blockTags: [...OptionDefaults.blockTags, "@description", "@constant"],
    },
    readme: join(repoRoot, "docs/src/sdk-readme.md"),
    skipErrorChecking: true,
    // openapi-typescript writes these tags into the generated types.
    blockTags: [...OptionDefaults.blockTags, "@description", "@constant"],
    excludePrivate: true,
    excludeInternal: true,
    // Links out of the page (GitHub sources) would make the site depend on the network.
    disableSources: true,
    disableGit: true,
    githubPages: false,
    hideGenerator: true,
    favicon: join(repoRoot, "docs/src/favicon.svg"),
    navigationLinks: { Guides: "../guides/index.html", "API reference": "../api/index.html", Home: "../index.html" },
    logLevel: LogLevel.Warn,
  });
  const project = await app.convert();
  if (!project) throw new Error("TypeDoc could not convert the packages; see the messages above.");
  await app.generateDocs(project, outDir);
}
