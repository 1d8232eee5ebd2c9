import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { allGuides } from "./all-guides.ts";
import { codeBlock, withCodeFiles } from "./code-block.ts";
import { escapeHtml, type Guide } from "./guide.ts";
import { renderSequenceDiagram } from "./sequence-diagram.ts";
import { type NavPlace, type SearchEntry, siteNav } from "./site-nav.ts";

const pageStyle = `<style>
  body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; }
  main { max-width: 900px; margin: 0 auto; padding: 2rem 1.25rem 4rem; overflow-wrap: anywhere; }
  h1 { font-size: 1.9rem; margin: 0 0 .25rem; }
  h2 { margin-top: 2rem; border-bottom: 1px solid #d1d9e0; padding-bottom: .3rem; }
  a { color: #0b5cad; }
  p.lead { color: #59636e; margin-top: 0; }
  figure.diagram { margin: 1.5rem 0; overflow-x: auto; }
  /* Shiki writes the theme's white into the block's style; the page's grey wins. */
  pre, pre.shiki { background: #f6f8fa !important; border-radius: 6px; padding: .9rem 1rem; overflow-x: auto; font-size: 13px; line-height: 1.45; }
  code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
  p code, li code, td code { background: #f6f8fa; padding: .1em .3em; border-radius: 4px; font-size: 90%; }
  table { border-collapse: collapse; width: 100%; font-size: 14px; }
  /* On a phone a wide table scrolls inside its own box, never the page. */
  @media (max-width: 800px) { main table { display: block; overflow-x: auto; } }
  td, th { text-align: left; border-bottom: 1px solid #d1d9e0; padding: .3rem .5rem; vertical-align: top; }
  li { margin: .3rem 0; }
</style>`;

/** A page of the site: its title, the site navigation and its body, in the guides' style. */
export function page(title: string, nav: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · card-processing SDK</title>
<link rel="icon" href="data:,">
${pageStyle}
</head>
<body>
${nav}
<main>
${body}
</main>
</body>
</html>
`;
}

/** The visible text of an HTML fragment, for the search index. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&[a-z]+;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The distinct names a program uses (operations, fields, options), so a search for `cRes` finds its guide. */
function codeWords(code: string): string {
  return [...new Set(code.match(/[A-Za-z][\w-]{3,}/g) ?? [])].join(" ");
}

/** How a reader runs a guide's program: a test file through vitest, any other through tsx. */
function runCommand(codeFile: string): string {
  return codeFile.endsWith(".test.ts") ? `npx vitest run --project examples ${codeFile}` : `npx tsx ${codeFile}`;
}

async function guideBody(repoRoot: string, guide: Guide, code: string): Promise<string> {
  const details = await withCodeFiles(guide.details ?? "", (file) => readFile(join(repoRoot, file), "utf8"));
  return `<h1>${escapeHtml(guide.title)}</h1>
<p class="lead">${escapeHtml(guide.summary)}</p>
${guide.intro}
<h2 id="sequence">The sequence</h2>
<figure class="diagram">
${renderSequenceDiagram(guide.diagram)}
</figure>
<h2 id="code">The code</h2>
<p>This program is <code>${escapeHtml(guide.codeFile)}</code>. CI type-checks it and runs it against the sandbox on every
change, and <code>pnpm demo</code> runs it too; on its own: <code>${escapeHtml(runCommand(guide.codeFile))}</code>.</p>
${await codeBlock(code, guide.codeFile)}
${details}
<h2 id="what-can-go-wrong">What can go wrong</h2>
<ul>
${guide.pitfalls.map((item) => `<li>${item}</li>`).join("\n")}
</ul>`;
}

/** The search index over every guide: title, page and the text a reader sees. */
export async function guideSearchIndex(repoRoot: string): Promise<SearchEntry[]> {
  return Promise.all(
    allGuides.map(async (guide) => ({
      title: guide.title,
      href: `guides/${guide.slug}.html`,
      text: `${plainText(`${guide.title} ${guide.summary} ${guide.intro} ${guide.details ?? ""} ${guide.pitfalls.join(" ")}`)} ${codeWords(await readFile(join(repoRoot, guide.codeFile), "utf8"))}`,
    })),
  );
}

/** The site's left navigation for a page `root` away from the site root. */
export async function guideNav(repoRoot: string, root: string, place: NavPlace): Promise<string> {
  return siteNav(allGuides, await guideSearchIndex(repoRoot), root, place);
}

/**
 * Writes `guides/index.html` and one page per guide into `outDir`. Each page shows its sequence
 * diagram as inline SVG and its program read from `examples/guides/`, so the page and the code CI
 * runs are one source.
 */
export async function buildGuides(repoRoot: string, outDir: string): Promise<number> {
  await mkdir(outDir, { recursive: true });
  const index = await guideSearchIndex(repoRoot);
  const listNav = siteNav(allGuides, index, "../", "guides");
  const list = allGuides
    .map((g) => `<li><a href="${g.slug}.html">${escapeHtml(g.title)}</a>: ${escapeHtml(g.summary)}</li>`)
    .join("\n");
  await writeFile(
    join(outDir, "index.html"),
    page(
      "Guides",
      listNav,
      `<h1>Guides</h1>
<p class="lead">Each integration flow, in order: what happens, what to store, what can go wrong, and a program
you can paste. Every program runs against the sandbox in CI, so none of them goes stale.</p>
<ul>
${list}
</ul>`,
    ),
  );
  for (const guide of allGuides) {
    const code = await readFile(join(repoRoot, guide.codeFile), "utf8");
    const nav = siteNav(allGuides, index, "../", `guide:${guide.slug}`);
    await writeFile(join(outDir, `${guide.slug}.html`), page(guide.title, nav, await guideBody(repoRoot, guide, code)));
  }
  return allGuides.length;
}
