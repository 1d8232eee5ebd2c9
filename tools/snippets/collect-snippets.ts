import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { namedBlocks } from "./markdown-blocks.ts";
import { tsdocExamples } from "./tsdoc-examples.ts";

/** One snippet a user copies: a README's `ts` block or a TSDoc `@example` of a package's source. */
export interface Snippet {
  /**
   * The module name it is written under in `examples/snippets/`: a README block's id written beside
   * it (`client-sign-callback` for `<!-- snippet: sign-callback -->` in the client's README), or a
   * TSDoc example's file and position (`example-client-create-gateway-2`).
   */
  readonly name: string;
  /** Where it comes from, for the first line of its module: `README.md, the block "first-example"`. */
  readonly origin: string;
  readonly code: string;
}

/** The `.ts` sources of a folder and its subfolders; tests, test helpers and declarations left out. */
async function sourceFiles(folder: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(path)));
    else if (entry.name.endsWith(".ts") && !/\.(test|test-d|bench|testlib|d)\.ts$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/** Every TypeScript block of the READMEs (the root one and each package's) and every TSDoc `@example` of the packages. */
export async function collectSnippets(repoRoot: string): Promise<{ snippets: Snippet[]; readmes: number }> {
  const packages = await readdir(join(repoRoot, "packages"));
  const readmes = ["README.md", ...packages.map((name) => `packages/${name}/README.md`)];
  const snippets: Snippet[] = [];
  for (const readme of readmes) {
    const text = await readFile(join(repoRoot, readme), "utf8").catch(() => "");
    const prefix = readme === "README.md" ? "root" : readme.split("/")[1];
    for (const { id, code } of namedBlocks(text, readme)) {
      snippets.push({ name: `${prefix}-${id}`, origin: `${readme}, the block "${id}"`, code });
    }
  }
  for (const name of packages) {
    for (const file of await sourceFiles(join(repoRoot, "packages", name, "src"))) {
      const source = relative(repoRoot, file);
      // packages/client/src/create-gateway.ts gives example-client-create-gateway-<n>.
      const stem = source
        .replace(/^packages\/([^/]+)\/src\//, "$1/")
        .replace(/\.ts$/, "")
        .replaceAll("/", "-");
      for (const [index, code] of tsdocExamples(await readFile(file, "utf8")).entries()) {
        snippets.push({ name: `example-${stem}-${index + 1}`, origin: `the @example ${index + 1} of ${source}`, code });
      }
    }
  }
  return { snippets, readmes: readmes.length };
}
