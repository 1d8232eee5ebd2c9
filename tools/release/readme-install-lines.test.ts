import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./published-packages.ts";
import { importedPackages, installLines, packageOf } from "./readme-install-lines.ts";

const readmes = [
  "README.md",
  ...(await readdir(join(repoRoot, "packages"))).map((name) => `packages/${name}/README.md`),
];

describe("installLines", () => {
  it("reads the pnpm add lines of sh blocks, with -D and without a trailing comment", () => {
    const markdown = [
      "```sh",
      "pnpm add @card-processing/client   # the client",
      "pnpm add -D @card-processing/sandbox",
      "npx card-processing-sandbox --port 8080",
      "```",
      "Not a block: pnpm add left-pad",
      "```ts",
      "// pnpm add typescript",
      "```",
    ].join("\n");
    expect(installLines(markdown)).toEqual([
      { line: "pnpm add @card-processing/client", dev: false, packages: ["@card-processing/client"] },
      { line: "pnpm add -D @card-processing/sandbox", dev: true, packages: ["@card-processing/sandbox"] },
    ]);
  });
});

describe("importedPackages", () => {
  it("names the package of every bare import and export-from, type-only ones included, subpaths folded", () => {
    const markdown = [
      "```ts",
      'import createClient from "openapi-fetch";',
      'import type { paths } from "@card-processing/types";',
      'import {\n  createCallbackHandler,\n} from "@card-processing/client/callback-handler";',
      'import { readFile } from "node:fs/promises";',
      'import { helper } from "./helper.js";',
      'const { startSandbox } = await import("@card-processing/sandbox");',
      "```",
    ].join("\n");
    expect(importedPackages(markdown)).toEqual([
      "@card-processing/client",
      "@card-processing/sandbox",
      "@card-processing/types",
      "openapi-fetch",
    ]);
  });

  it("leaves relative paths and Node built-ins out", () => {
    expect([packageOf("./x.js"), packageOf("node:http"), packageOf("express")]).toEqual([
      undefined,
      undefined,
      "express",
    ]);
  });
});

describe.each(readmes)("%s", (readme) => {
  it("has install lines that install every package its examples import", async () => {
    const markdown = await readFile(join(repoRoot, readme), "utf8");
    const lines = installLines(markdown);
    expect(lines.length, "a ```sh block with a `pnpm add` line").toBeGreaterThan(0);
    const installed = new Set(lines.flatMap((line) => line.packages));
    expect(importedPackages(markdown).filter((name) => !installed.has(name))).toEqual([]);
  });
});
