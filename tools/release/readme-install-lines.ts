import { fencedBlocks } from "../snippets/markdown-blocks.ts";

/** One `pnpm add` line of a README's `sh` block: what it installs, and whether as a dev dependency. */
export interface InstallLine {
  /** The line as written, without a trailing `# comment`. */
  readonly line: string;
  readonly dev: boolean;
  readonly packages: readonly string[];
}

/**
 * The `pnpm add` lines of a README's `sh` blocks, which a user copies to install what its examples
 * import.
 *
 * @example
 * ```ts
 * installLines("```sh\npnpm add -D @card-processing/sandbox\n```\n");
 * // [{ line: "pnpm add -D @card-processing/sandbox", dev: true, packages: ["@card-processing/sandbox"] }]
 * ```
 */
export function installLines(markdown: string): InstallLine[] {
  const lines: InstallLine[] = [];
  for (const block of fencedBlocks(markdown, "sh")) {
    for (const raw of block.split("\n")) {
      const line = raw.replace(/\s+#.*$/, "").trim();
      const words = line.split(/\s+/);
      if (words[0] !== "pnpm" || words[1] !== "add") continue;
      const flags = words.slice(2).filter((word) => word.startsWith("-"));
      const packages = words.slice(2).filter((word) => !word.startsWith("-"));
      lines.push({ line, dev: flags.includes("-D") || flags.includes("--save-dev"), packages });
    }
  }
  return lines;
}

/**
 * The package a bare import specifier loads (`@scope/name/subpath` → `@scope/name`), or
 * `undefined` for a relative path or a Node built-in.
 *
 * @example
 * ```ts
 * packageOf("@card-processing/client/callback-handler"); // "@card-processing/client"
 * ```
 */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * The packages a README's `ts` blocks import (type-only imports included: the types must be
 * installed too), sorted.
 *
 * @example
 * ```ts
 * importedPackages('```ts\nimport type { paths } from "@card-processing/types";\n```\n'); // ["@card-processing/types"]
 * ```
 */
export function importedPackages(markdown: string): string[] {
  const names = new Set<string>();
  for (const block of fencedBlocks(markdown, "ts")) {
    for (const match of block.matchAll(/(?:^|\n)\s*(?:import|export)\b[^"';]*?\bfrom\s+["']([^"']+)["']/g)) {
      const name = packageOf(match[1] ?? "");
      if (name) names.add(name);
    }
    for (const match of block.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
      const name = packageOf(match[1] ?? "");
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}
