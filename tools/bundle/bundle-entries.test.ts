import { access } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { type PublishedPackage, publishedPackages } from "../release/published-packages.ts";
import { entriesOfExports } from "./bundle-entries.ts";

// The packages built by bundle-entries.ts: their users' cold start pays for every file an import
// reads (issue 36), so each entry must read its own file and at most the one its package's
// entries share. Needs `pnpm build` (which `pnpm test` runs first).
const bundled = ["types", "signing", "client"];
const packages = (await publishedPackages()).filter((p) => bundled.includes(p.dir));

/**
 * The files of its own package that importing `entry` reads (static imports only: a file loaded
 * later by `import()` costs nothing at import), and every package it imports, static or dynamic.
 */
async function filesRead(pkg: PublishedPackage, entry: string) {
  const file = join(pkg.path, "dist", `${entry}.js`);
  await access(file).catch(() => {
    throw new Error(`${file} is missing: run \`pnpm build\` first`);
  });
  const { metafile } = await build({
    absWorkingDir: pkg.path,
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    packages: "external",
    format: "esm",
    platform: "neutral",
    logLevel: "silent",
  });
  const inputs = Object.values(metafile.inputs);
  const packageImports = inputs.flatMap((input) => input.imports.filter((i) => i.external).map((i) => i.path));
  const files = [`dist/${entry}.js`];
  for (const read of files) {
    for (const imported of metafile.inputs[read]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external && !files.includes(imported.path))
        files.push(imported.path);
    }
  }
  return { files, packageImports: [...new Set(packageImports)].sort() };
}

describe("entriesOfExports", () => {
  it("maps each condition object with source and default to its dist name", () => {
    const exports = {
      ".": { source: "./src/index.ts", types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./callback-handler": { source: "./src/entry.ts", default: "./dist/callback-handler-entry.js" },
      "./openapi.json": "./openapi.json",
      "./package.json": "./package.json",
    };
    expect(entriesOfExports(exports)).toEqual({
      index: "./src/index.ts",
      "callback-handler-entry": "./src/entry.ts",
    });
  });

  it("refuses an entry whose default is not a .js file under ./dist/", () => {
    expect(() => entriesOfExports({ ".": { source: "./src/index.ts", default: "./lib/index.mjs" } })).toThrow(
      "./lib/index.mjs",
    );
  });
});

describe.each(packages.map((pkg) => [pkg.manifest.name, pkg] as const))("%s as built", (_name, pkg) => {
  const entries = Object.keys(entriesOfExports(pkg.manifest.exports));

  it.each(entries)("reads at most two of its own files when %s is imported", async (entry) => {
    const { files } = await filesRead(pkg, entry);
    expect(files.length, files.join("\n")).toBeLessThanOrEqual(2);
  });

  it.each(entries)("imports only the packages %s depends on, as packages", async (entry) => {
    const { packageImports } = await filesRead(pkg, entry);
    const declared = Object.keys({ ...pkg.manifest.dependencies, ...pkg.manifest.peerDependencies });
    for (const specifier of packageImports) {
      expect(declared, `${entry} imports ${specifier}`).toContain(specifier);
    }
  });
});
