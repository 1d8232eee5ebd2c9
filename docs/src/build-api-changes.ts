import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { apiChangeHistory, type ReleaseChanges } from "../../tools/api-diff/change-history.ts";
import type { SpecChange } from "../../tools/api-diff/spec-changes.ts";
import { referenceUrl } from "../../tools/generate/operation-docs.ts";
import { guideNav } from "./guides/build-guides.ts";
import { escapeHtml } from "./guides/guide.ts";

const style = `<style>
  body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; }
  main { max-width: 900px; margin: 0 auto; padding: 2rem 1.25rem 4rem; overflow-wrap: anywhere; }
  h2 { margin-top: 2rem; border-bottom: 1px solid #d1d9e0; padding-bottom: .3rem; }
  a { color: #0b5cad; }
  code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 90%; }
  .breaking { color: #b42318; font-weight: 600; }
  .additive { color: #1a7f37; font-weight: 600; }
  li { margin: .25rem 0; }
</style>`;

/** Each operation (and webhook) of today's spec with its tag, for its address in the reference. */
type Tags = ReadonlyMap<string, string>;

async function operationTags(repoRoot: string): Promise<Tags> {
  type PathItems = Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
  const spec = JSON.parse(await readFile(join(repoRoot, "packages/types/openapi.json"), "utf8")) as {
    paths: PathItems;
    webhooks?: PathItems;
  };
  const tags = new Map<string, string>();
  for (const item of [...Object.values(spec.paths), ...Object.values(spec.webhooks ?? {})]) {
    for (const op of Object.values(item)) if (op.operationId && op.tags?.[0]) tags.set(op.operationId, op.tags[0]);
  }
  return tags;
}

function changeItem(change: SpecChange, tags: Tags): string {
  const tag = tags.get(change.operation);
  const name = `<code>${escapeHtml(change.operation)}</code>`;
  // An operation that no longer exists has no page to link to.
  const operation = tag ? `<a href="${escapeHtml(referenceUrl("../", tag, change.operation))}">${name}</a>` : name;
  const kind = change.rule.kind;
  return `<li data-kind="${kind}"><span class="${kind}">${kind}</span> ${operation}: ${escapeHtml(change.text)}</li>`;
}

function section(entry: ReleaseChanges, tags: Tags): string {
  const since = entry.since.isRelease ? entry.since.label : `the first commit (${entry.since.commit.slice(0, 7)})`;
  const id = entry.release ? `release-${entry.release.commit.slice(0, 12)}` : "unreleased";
  const title = entry.release
    ? `${entry.release.label}, ${entry.release.date} (${entry.release.commit.slice(0, 7)})`
    : "Unreleased";
  const body =
    entry.changes.length === 0
      ? "<p>No change to the API.</p>"
      : `<ul>\n${entry.changes.map((c) => changeItem(c, tags)).join("\n")}\n</ul>`;
  return `<section id="${id}">\n<h2>${escapeHtml(title)}</h2>\n<p>Changes since ${escapeHtml(since)}: ${entry.changes.filter((c) => c.rule.kind === "breaking").length} breaking, ${entry.changes.filter((c) => c.rule.kind === "additive").length} additive.</p>\n${body}\n</section>`;
}

/**
 * Writes `api/changes.html`: the API changes of each release, from the spec diffs between
 * consecutive releases (`pnpm api:diff`'s rules), the unreleased ones first.
 */
export async function buildApiChanges(repoRoot: string, outFile: string): Promise<number> {
  const [history, tags] = await Promise.all([apiChangeHistory(repoRoot), operationTags(repoRoot)]);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API changes · card-processing SDK</title>
<link rel="icon" href="data:,">
${style}
</head>
<body>
${await guideNav(repoRoot, "../", "api-changes")}
<main>
<h1>API changes</h1>
<p>Every change of the API per release, by operation and field, computed from the spec of each release
(<code>pnpm api:diff</code>). <span class="breaking">breaking</span> changes need a change in code written
against <code>@card-processing/types</code> and <code>@card-processing/client</code>; <span class="additive">additive</span>
ones do not. Each operation links to the <a href="index.html">API reference</a>.</p>
${history.map((entry) => section(entry, tags)).join("\n")}
</main>
</body>
</html>
`;
  await writeFile(outFile, html);
  return history.length;
}
