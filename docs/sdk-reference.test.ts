import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { builtSite } from "./src/built-site.ts";
import { type PackageEntry, publishedEntries } from "./src/package-entries.ts";
import { repoRoot } from "./src/paths.ts";

/** A row of TypeDoc's search index: what the search box finds, and the page it opens. */
interface SearchRow {
  readonly name: string;
  readonly url: string;
  readonly parent?: string;
}

// The SDK reference of the site built once for the docs project (docs/global-setup.ts).
let outDir: string;
let rows: SearchRow[];
// Every entry point of every published package's `exports` map, subpaths included, as published
// today: nothing here names an export, so an export added tomorrow is checked the same way.
const entries = await publishedEntries(repoRoot);

beforeAll(async () => {
  outDir = join((await builtSite()).dir, "sdk");
  const script = readFileSync(join(outDir, "assets/search.js"), "utf8");
  const data = script.match(/window\.searchData = "([^"]+)"/)?.[1];
  if (data === undefined) throw new Error("assets/search.js holds no window.searchData");
  rows = (JSON.parse(inflateSync(Buffer.from(data, "base64")).toString("utf8")) as { rows: SearchRow[] }).rows;
});

/** The names a JavaScript import of the entry gets, from its built file (`pnpm build` first). */
async function runtimeExports(dir: string, entry: PackageEntry): Promise<string[]> {
  const file = join(dir, entry.built);
  if (!existsSync(file)) throw new Error(`${entry.specifier} is not built (${file} is missing): run \`pnpm build\``);
  return Object.keys(await import(pathToFileURL(file).href)).sort();
}

/** The module path the search index gives an entry's members: `@card-processing/client.callback-handler`. */
function searchParent(dir: string, entry: PackageEntry): string {
  const { name } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string };
  return entry.specifier === name ? name : `${name}.${entry.specifier.slice(name.length + 1)}`;
}

describe("the SDK reference", () => {
  it("reads entry points from the exports maps, a subpath among them", () => {
    expect(entries.length).toBeGreaterThan(4);
    expect(entries.some(({ entry }) => entry.specifier.split("/").length > 2)).toBe(true);
  });

  it.each(entries.map(({ dir, entry }) => [entry.specifier, dir, entry] as const))(
    "gives every runtime export of %s a page the search box finds",
    async (_specifier, dir, entry) => {
      const names = await runtimeExports(dir, entry);
      expect(names.length).toBeGreaterThan(0);
      const parent = searchParent(dir, entry);
      const missing: string[] = [];
      for (const name of names) {
        const row = rows.find((r) => r.name === name && r.parent === parent);
        const page = row && join(outDir, row.url.replace(/#.*$/, ""));
        const heading = page && existsSync(page) ? readFileSync(page, "utf8").match(/<h1>([^<]*)/)?.[1] : "";
        if (!heading?.endsWith(` ${name}`)) missing.push(name);
      }
      expect(missing, `exports of ${entry.specifier} without a page in the SDK reference`).toEqual([]);
    },
  );
});
