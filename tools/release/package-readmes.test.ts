import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { consumerResolutions, typescriptCompilers } from "./consumer-project.ts";
import { publishedPackages, repoRoot } from "./published-packages.ts";
import { installLines } from "./readme-install-lines.ts";

const packages = await publishedPackages();
/** The documentation site, as the spec names it (`externalDocs.url`). */
const spec = JSON.parse(await readFile(join(repoRoot, "packages/types/openapi.json"), "utf8")) as {
  externalDocs?: { url?: string };
};
const site = spec.externalDocs?.url ?? "";

describe.each(packages.map((p) => [p.manifest.name, p] as const))("the README of %s", (name, pkg) => {
  it("says what the package is for, how to install it alone, and links the documentation site", async () => {
    const markdown = await readFile(join(pkg.path, "README.md"), "utf8");
    const [title, , purpose] = markdown.split("\n");
    expect(title).toBe(`# ${name}`);
    expect(purpose?.length ?? 0, "a first paragraph that says what it is for").toBeGreaterThan(40);
    expect(
      installLines(markdown).some((line) => line.packages.length === 1 && line.packages[0] === name),
      `a \`pnpm add ${name}\` line (with -D for a dev tool)`,
    ).toBe(true);
    expect(site).toMatch(/^https:\/\//);
    for (const page of ["guides/index.html", "sdk/index.html", "api/index.html"]) {
      expect(markdown, `a link to ${site}${page}`).toContain(`](${site}${page})`);
    }
  });

  it("says which TypeScript versions and resolutions its types are checked with, as the release checks run them", async () => {
    const markdown = await readFile(join(pkg.path, "README.md"), "utf8");
    const supported = markdown.split("\n\n").find((paragraph) => paragraph.startsWith("Supported: "));
    expect(supported, 'a paragraph that starts "Supported: "').toBeDefined();
    const text = supported?.replaceAll("\n", " ") ?? "";
    expect(text).toContain(`TypeScript ${typescriptCompilers.map((c) => c.version).join(" and ")}`);
    for (const resolution of consumerResolutions) expect(text).toContain(`\`${resolution}\``);
  });
});
