import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { amountsByCurrencyMarkdown } from "./currency-amounts.ts";
import { sandboxTestValuesMarkdown } from "./sandbox-test-values.ts";

/**
 * The Markdown files the API reference shows as sections of their own (docs/redocly.yaml names them
 * in `reference-sections`, relative to the repository root): tables whose one home is code, not the
 * spec. Written under `build/reference/` before Redoc builds.
 */
export const referenceTables = {
  "build/reference/sandbox-test-values.md": sandboxTestValuesMarkdown,
  "build/reference/amounts-by-currency.md": amountsByCurrencyMarkdown,
} as const;

/** Writes every file of {@link referenceTables} under `repoRoot`; returns their paths relative to it. */
export async function writeReferenceTables(repoRoot: string): Promise<string[]> {
  const written: string[] = [];
  for (const [file, render] of Object.entries(referenceTables)) {
    const path = join(repoRoot, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `${render()}\n`);
    written.push(relative(repoRoot, path));
  }
  return written;
}
