/**
 * Writes every TypeScript block of the READMEs (the root one and each package's) and every TSDoc
 * `@example` of the packages' sources to `examples/snippets/` as a module of its own, so that
 * `tsc` in `examples/` type-checks what a user copies against the built packages.
 * `examples/snippet-context.d.ts` declares the few values the snippets take as given (the
 * merchant's keys, the incoming request).
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { fencedBlocks } from "./markdown-blocks.ts";
import { tsdocExamples } from "./tsdoc-examples.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(repoRoot, "examples/snippets");

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

const packages = await readdir(join(repoRoot, "packages"));
const readmes = ["README.md", ...packages.map((name) => `packages/${name}/README.md`)];
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
let count = 0;
for (const readme of readmes) {
  const text = await readFile(join(repoRoot, readme), "utf8").catch(() => "");
  const name = readme === "README.md" ? "root" : readme.split("/")[1];
  for (const [index, block] of fencedBlocks(text, "ts").entries()) {
    await writeFile(
      join(out, `${name}-${index + 1}.ts`),
      `// From ${readme}, block ${index + 1}.\n${block}\nexport {};\n`,
    );
    count += 1;
  }
}
let examples = 0;
for (const name of packages) {
  for (const file of await sourceFiles(join(repoRoot, "packages", name, "src"))) {
    const source = relative(repoRoot, file);
    // packages/client/src/create-gateway.ts gives example-client-create-gateway-<n>.
    const stem = source
      .replace(/^packages\/([^/]+)\/src\//, "$1/")
      .replace(/\.ts$/, "")
      .replaceAll("/", "-");
    for (const [index, block] of tsdocExamples(await readFile(file, "utf8")).entries()) {
      await writeFile(
        join(out, `example-${stem}-${index + 1}.ts`),
        `// From the @example ${index + 1} of ${source}.\n${block}\nexport {};\n`,
      );
      examples += 1;
    }
  }
}
console.log(
  `Extracted ${count} TypeScript blocks from ${readmes.length} READMEs and ${examples} TSDoc @example blocks from packages/*/src into examples/snippets/.`,
);
