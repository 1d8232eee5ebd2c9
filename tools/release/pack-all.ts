/**
 * `pnpm pack:all`: packs every published package into one folder (`artifacts/packages/` by
 * default) and prints how an app outside the workspace installs the tarballs, until the packages
 * are on the registry. `pnpm pack:all` builds first; packing alone never builds.
 */
import { mkdir, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { type PackedPackage, packPackage } from "./pack-package.ts";
import { publishedPackages, repoRoot } from "./published-packages.ts";

/** Where `pnpm pack:all` writes the tarballs (gitignored). */
export const defaultPackDestination = join(repoRoot, "artifacts/packages");

/**
 * Packs each published package into `destination`, emptied first so that only this run's
 * tarballs are there; resolves to them in package-folder order.
 *
 * @example
 * ```ts
 * const packed = await packAll("/tmp/tarballs");
 * packed.map((p) => p.name); // ["@card-processing/client", "@card-processing/sandbox", ...]
 * ```
 */
export async function packAll(destination: string = defaultPackDestination): Promise<PackedPackage[]> {
  await rm(destination, { recursive: true, force: true });
  await mkdir(destination, { recursive: true });
  const packed: PackedPackage[] = [];
  for (const pkg of await publishedPackages()) packed.push(await packPackage(pkg, destination));
  return packed;
}

/**
 * Our packages that an app uses only in its tests, so the printed lines put them under
 * `devDependencies`: pasted as printed, an app's production install leaves them out.
 */
export const devOnlyPackages: readonly string[] = ["@card-processing/sandbox"];

/**
 * What to tell the user: the tarballs, then the `package.json` lines (npm) or `pnpm-workspace.yaml`
 * lines (pnpm) that install them. Our packages depend on each other, and those dependencies are
 * not on the registry yet, so every one of them is pinned to its tarball with `overrides`; the
 * sandbox, a test tool, goes under `devDependencies`.
 *
 * @example
 * ```ts
 * console.log(installInstructions(await packAll()));
 * ```
 */
export function installInstructions(packed: readonly PackedPackage[]): string {
  const pins = (list: readonly PackedPackage[]) => Object.fromEntries(list.map((p) => [p.name, `file:${p.tarball}`]));
  const manifestLines = JSON.stringify(
    {
      dependencies: pins(packed.filter((p) => !devOnlyPackages.includes(p.name))),
      devDependencies: pins(packed.filter((p) => devOnlyPackages.includes(p.name))),
      overrides: pins(packed),
    },
    null,
    2,
  )
    .split("\n")
    .slice(1, -1)
    .join("\n");
  const lines = packed.map(
    (p) => `  ${p.name.padEnd(26)} ${relative(repoRoot, p.tarball)} (${(p.bytes / 1000).toFixed(1)} kB)`,
  );
  return `Packed ${packed.length} packages:
${lines.join("\n")}

To use them in an app outside this repository (until the first release is on the registry),
name the ones you use under "dependencies" (the sandbox, a test tool, under "devDependencies") and
pin all of them with "overrides" in its package.json (our packages depend on each other), then run
npm install:

${manifestLines}

With pnpm, put the same pins in the app's pnpm-workspace.yaml instead of "overrides":

  overrides:
${packed.map((p) => `    ${JSON.stringify(p.name)}: ${JSON.stringify(`file:${p.tarball}`)}`).join("\n")}

Leave out of "dependencies" what the app does not use.
An app inside this repository can instead be added to pnpm-workspace.yaml and depend on
"workspace:*" (see "Using the packages today" in README.md).`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(installInstructions(await packAll()));
}
