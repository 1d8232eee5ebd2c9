import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { type Application, Comment, Converter, type OptionsReader, ReflectionKind } from "typedoc";
import { type PackageManifest, publishedPackages } from "../../tools/release/published-packages.ts";

/** One JavaScript entry point of a published package, as its `exports` map declares it. */
export interface PackageEntry {
  /** What a user imports: `@card-processing/client` or `@card-processing/client/callback-handler`. */
  readonly specifier: string;
  /** The source file it is built from, relative to the package folder: `src/index.ts`. */
  readonly source: string;
  /** The built file a Node import loads (its `default` condition), relative to the package folder. */
  readonly built: string;
}

type Conditions = { source?: string; types?: string; default?: string };

/**
 * The JavaScript entry points of a package's `exports` map, `.` first. Entries without a `types`
 * condition (`./package.json`, `./openapi.json`) are data, not code, and are left out. The source
 * file is the `source` condition, or the `types` file mapped back from `dist/*.d.ts` to `src/*.ts`.
 *
 * @example
 * ```ts
 * entriesOf(manifest).map((e) => e.specifier); // ["@card-processing/client", "@card-processing/client/callback-handler"]
 * ```
 */
export function entriesOf(manifest: PackageManifest): PackageEntry[] {
  const exportsMap = (manifest.exports ?? {}) as Record<string, string | Conditions>;
  const entries: PackageEntry[] = [];
  for (const [subpath, target] of Object.entries(exportsMap)) {
    if (typeof target === "string" || target.types === undefined || target.default === undefined) continue;
    const source = target.source ?? target.types.replace(/^\.\/dist\//, "./src/").replace(/\.d\.ts$/, ".ts");
    entries.push({
      specifier: subpath === "." ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, "")}`,
      source: source.replace(/^\.\//, ""),
      built: target.default.replace(/^\.\//, ""),
    });
  }
  return entries;
}

/**
 * Every JavaScript entry point of every published package, with the package's folder.
 *
 * @example
 * ```ts
 * for (const { dir, entry } of await publishedEntries(repoRoot)) console.log(entry.specifier);
 * ```
 */
export async function publishedEntries(repoRoot: string): Promise<Array<{ dir: string; entry: PackageEntry }>> {
  return (await publishedPackages(repoRoot)).flatMap((pkg) =>
    entriesOf(pkg.manifest).map((entry) => ({ dir: pkg.path, entry })),
  );
}

/**
 * A TypeDoc options reader (the documented `addReader` extension point) that sets each package's
 * `entryPoints` to the source files of its `exports` map, read from its package.json, so a subpath
 * such as `@card-processing/client/callback-handler` gets its pages as soon as it is exported.
 * It runs in packages mode for each package folder, after the package's own typedoc.json.
 */
export const exportsEntryPointsReader: OptionsReader = {
  name: "card-processing-exports-entry-points",
  order: 400,
  supportsPackages: true,
  async read(container, _logger, cwd) {
    if (container.packageDir === undefined) return;
    const manifest = JSON.parse(await readFile(join(cwd, "package.json"), "utf8")) as PackageManifest;
    container.setValue(
      "entryPoints",
      entriesOf(manifest).map((e) => e.source),
      cwd,
    );
  },
};

/**
 * Names a package's modules after its entry points. TypeDoc names the module of each entry file
 * after the file (`index`, `callback-handler-entry`); the main entry's module is merged into the
 * package's own (so its pages keep their addresses, as with one entry point) and a subpath's is
 * named after the subpath (`callback-handler`). Registered on the converter's resolve-begin event,
 * before TypeDoc's own module merging.
 *
 * @example
 * ```ts
 * nameEntryModules(app);
 * ```
 */
export function nameEntryModules(app: Application): void {
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      const packageDir = app.options.packageDir;
      if (packageDir === undefined) return;
      const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as PackageManifest;
      const entries = entriesOf(manifest);
      if (entries.length < 2) return;
      const { project } = context;
      for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
        const entry = entries.find((e) => basename(e.source, ".ts") === module.name);
        if (entry === undefined) continue;
        if (entry.specifier === manifest.name) project.mergeReflections(module, project);
        else {
          module.name = entry.specifier.slice(manifest.name.length + 1);
          module.comment ??= new Comment([
            { kind: "text", text: "Imported from " },
            { kind: "code", text: `\`${entry.specifier}\`` },
            { kind: "text", text: ", a subpath of its own." },
          ]);
        }
      }
    },
    2e4,
  );
}
