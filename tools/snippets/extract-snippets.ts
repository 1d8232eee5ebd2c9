/**
 * Writes every TypeScript block of the READMEs (the root one and each package's) to
 * `examples/snippets/` as a module of its own, so that `tsc` in `examples/` type-checks what a
 * user copies against the built packages. `examples/snippet-context.d.ts` declares the few
 * values the snippets take as given (the merchant's keys, the incoming request).
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(repoRoot, "examples/snippets");

/** The fenced `ts` blocks of a Markdown text, in order. */
export function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? "");
}

const readmes = [
  "README.md",
  ...(await readdir(join(repoRoot, "packages"))).map((name) => `packages/${name}/README.md`),
];
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
let count = 0;
for (const readme of readmes) {
  const text = await readFile(join(repoRoot, readme), "utf8").catch(() => "");
  const name = readme === "README.md" ? "root" : readme.split("/")[1];
  for (const [index, block] of tsBlocks(text).entries()) {
    await writeFile(
      join(out, `${name}-${index + 1}.ts`),
      `// From ${readme}, block ${index + 1}.\n${block}\nexport {};\n`,
    );
    count += 1;
  }
}
console.log(`Extracted ${count} TypeScript blocks from ${readmes.length} READMEs into examples/snippets/.`);
