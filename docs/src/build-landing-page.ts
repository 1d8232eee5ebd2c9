import { cp, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { guideNav } from "./guides/build-guides.ts";
import type { PublishedPackage } from "./published-packages.ts";
import { sandboxTestValuesHtml } from "./sandbox-test-values.ts";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// TypeDoc names a package's module page after its npm name with `@` and `/` replaced.
function sdkPageOf(pkg: PublishedPackage): string {
  return `sdk/modules/${pkg.name.replace(/^@/, "_").replace(/\//g, "_")}.html`;
}

// Nodes of the spec marked `x-assumed: true`, the ones no available source answers.
function countAssumed(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + countAssumed(item), 0);
  if (node === null || typeof node !== "object") return 0;
  return Object.entries(node).reduce(
    (sum, [key, value]) => sum + (key === "x-assumed" && value === true ? 1 : 0) + countAssumed(value),
    0,
  );
}

function packageTable(packages: readonly PublishedPackage[], sdkBuilt: boolean): string {
  if (packages.length === 0) return "<p>No package is published yet.</p>";
  const rows = packages.map((pkg) => {
    const name = escapeHtml(pkg.name);
    const cell = sdkBuilt ? `<a href="${sdkPageOf(pkg)}"><code>${name}</code></a>` : `<code>${name}</code>`;
    return `<tr><td>${cell}</td><td>${escapeHtml(pkg.description)}</td></tr>`;
  });
  return `<table>\n<tr><th>package</th><th>what it is</th></tr>\n${rows.join("\n")}\n</table>`;
}

/**
 * Writes `index.html`: links to the API and SDK references, the quick start, the sandbox's test
 * values, the sources and the packages documented in this build. The operation and `x-assumed`
 * counts come from the bundled spec.
 */
export async function buildLandingPage(
  repoRoot: string,
  packages: readonly PublishedPackage[],
  sdkBuilt: boolean,
  outFile: string,
): Promise<void> {
  const template = await readFile(join(repoRoot, "docs/src/landing.html"), "utf8");
  const spec = JSON.parse(await readFile(join(repoRoot, "packages/types/openapi.json"), "utf8")) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const methods = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);
  const operationCount = Object.values(spec.paths).flatMap((item) =>
    Object.keys(item).filter((k) => methods.has(k)),
  ).length;
  const sdkCard = sdkBuilt
    ? `<a href="sdk/index.html" id="sdk-reference"><strong>SDK reference</strong>The TypeScript packages, from their TSDoc: every export with an example.</a>`
    : "";
  const html = template
    .replace("{{operationCount}}", String(operationCount))
    .replace("{{assumedCount}}", String(countAssumed(spec)))
    .replace("{{sdkCard}}", sdkCard)
    .replace("{{sandboxTestValues}}", sandboxTestValuesHtml())
    .replace("{{packageTable}}", packageTable(packages, sdkBuilt))
    .replace("{{siteNav}}", await guideNav(repoRoot, "", "home"));
  await writeFile(outFile, html);
  // Its screenshots (the sandbox dashboard), made by `pnpm run docs:screenshots`, go beside it.
  await cp(join(repoRoot, "docs/src/images"), join(dirname(outFile), "images"), { recursive: true });
}
