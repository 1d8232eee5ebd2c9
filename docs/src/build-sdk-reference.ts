import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Application, LogLevel, OptionDefaults, PageEvent, ReflectionKind } from "typedoc";
import { MemberPagesRouter, MemberPagesTheme } from "./member-pages-router.ts";
import { exportsEntryPointsReader, nameEntryModules } from "./package-entries.ts";
import type { PublishedPackage } from "./published-packages.ts";
import { showWrittenTypes } from "./written-types.ts";

// TypeDoc's own order of the groups it makes by kind (its names exist once TypeDoc has started);
// groups named by `@group` (the gateway's operations, by spec tag) follow in the spec's tag order.
const kindGroupOrder = [
  ReflectionKind.Document,
  ReflectionKind.Module,
  ReflectionKind.Namespace,
  ReflectionKind.Enum,
  ReflectionKind.EnumMember,
  ReflectionKind.Class,
  ReflectionKind.Interface,
  ReflectionKind.TypeAlias,
  ReflectionKind.Constructor,
  ReflectionKind.Property,
  ReflectionKind.Variable,
  ReflectionKind.Function,
  ReflectionKind.Accessor,
  ReflectionKind.Method,
  ReflectionKind.Reference,
];

/** What the SDK reference takes from the bundled spec: the site's address and the tag order. */
async function specFacts(repoRoot: string): Promise<{ siteUrl: string; tags: string[] }> {
  const spec = JSON.parse(await readFile(join(repoRoot, "packages/types/openapi.json"), "utf8")) as {
    externalDocs?: { url?: string };
    tags?: Array<{ name: string }>;
  };
  const siteUrl = spec.externalDocs?.url;
  if (!siteUrl) throw new Error("The bundled spec has no externalDocs.url; run `pnpm generate`.");
  return { siteUrl, tags: (spec.tags ?? []).map((tag) => tag.name) };
}

/**
 * Builds the SDK reference from the TSDoc of the given packages with TypeDoc, one module per
 * package, into `outDir`. Type errors are not TypeDoc's to report (`pnpm typecheck` does), so a
 * package mid-change still gets documented. The gateway's methods link to their operation in the
 * published API reference (the spec's `externalDocs.url`); in the built site those links point to
 * the site's own API reference, so it works offline and wherever it is hosted.
 */
export async function buildSdkReference(
  repoRoot: string,
  packages: readonly PublishedPackage[],
  outDir: string,
): Promise<void> {
  const { siteUrl, tags } = await specFacts(repoRoot);
  const app = await Application.bootstrapWithPlugins({
    name: "card-processing SDK",
    entryPointStrategy: "packages",
    entryPoints: packages.map((pkg) => join(repoRoot, pkg.dir)),
    // Options of each package's own conversion; a package's typedoc.json adds its own (the client's
    // names the helper types it does not export on purpose). Its entry points are those of its
    // `exports` map, subpaths included (exportsEntryPointsReader, added below).
    packageOptions: {
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
    customCss: join(repoRoot, "docs/src/sdk-reference.css"),
    // Written as published addresses, so that every page, however deep, gets them made relative.
    navigationLinks: {
      Guides: `${siteUrl}guides/index.html`,
      "API reference": `${siteUrl}api/index.html`,
      Home: `${siteUrl}index.html`,
    },
    logLevel: LogLevel.Warn,
  });
  app.options.addReader(exportsEntryPointsReader);
  nameEntryModules(app);
  app.renderer.defineRouter("member-pages", MemberPagesRouter);
  app.options.setValue("router", "member-pages");
  app.renderer.defineTheme("member-pages", MemberPagesTheme);
  app.options.setValue("theme", "member-pages");
  app.options.setValue("packageOptions", {
    ...app.options.getValue("packageOptions"),
    groupOrder: [...kindGroupOrder.map((kind) => ReflectionKind.pluralString(kind)), ...tags],
  });
  showWrittenTypes(app);
  app.renderer.on(PageEvent.END, (page) => {
    // page.url is relative to outDir, which is the site's sdk/ folder.
    const toSiteRoot = "../".repeat(page.url.split("/").length);
    if (page.contents !== undefined)
      page.contents = page.contents.replaceAll(`href="${siteUrl}`, `href="${toSiteRoot}`);
  });
  const project = await app.convert();
  if (!project) throw new Error("TypeDoc could not convert the packages; see the messages above.");
  await app.generateDocs(project, outDir);
}
