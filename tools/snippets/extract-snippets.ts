/**
 * Writes every TypeScript block of the READMEs (the root one and each package's) and every TSDoc
 * `@example` of the packages' sources to `examples/snippets/` as a module of its own, so that
 * `tsc` in `examples/` type-checks what a user copies against the built packages.
 * `examples/snippet-context.d.ts` declares the few values the snippets take as given (the
 * merchant's keys, the incoming request). `examples/snippet-runs/` runs those that call the gateway.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { collectSnippets } from "./collect-snippets.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(repoRoot, "examples/snippets");

const { snippets, readmes } = await collectSnippets(repoRoot);
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
for (const snippet of snippets) {
  await writeFile(join(out, `${snippet.name}.ts`), `// From ${snippet.origin}.\n${snippet.code}\nexport {};\n`);
}
const examples = snippets.filter((snippet) => snippet.name.startsWith("example-")).length;
console.log(
  `Extracted ${snippets.length - examples} TypeScript blocks from ${readmes} READMEs and ${examples} TSDoc @example blocks from packages/*/src into examples/snippets/.`,
);
