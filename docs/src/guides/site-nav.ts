import { escapeHtml, type Guide } from "./guide.ts";

/** An entry of the search index: a guide's title, page and plain text. */
export interface SearchEntry {
  readonly title: string;
  readonly href: string;
  readonly text: string;
}

/** Which page the navigation is drawn on, to mark it current. */
export type NavPlace = "home" | "guides" | "api-changes" | "signatures" | "without-typescript" | `guide:${string}`;

const style = `<style>
  .site-nav { position: fixed; top: 0; left: 0; bottom: 0; width: 250px; overflow-y: auto; box-sizing: border-box;
    padding: 1.2rem 1rem; background: #f6f8fa; border-right: 1px solid #d1d9e0; font: 14px/1.5 system-ui, sans-serif; }
  .site-nav a { display: block; color: #1f2328; text-decoration: none; padding: .15rem .4rem; border-radius: 4px; }
  .site-nav a:hover, .site-nav a[aria-current="page"] { background: #dde8f5; color: #0b5cad; }
  .site-nav .group { margin: 1rem 0 .2rem; font-weight: 600; color: #59636e; font-size: 12px; text-transform: uppercase; }
  .site-nav ol { list-style: none; margin: 0; padding: 0; }
  .site-nav input { width: 100%; box-sizing: border-box; padding: .35rem .5rem; border: 1px solid #d1d9e0; border-radius: 6px; font: inherit; }
  #search-results a { font-size: 13px; }
  #search-results small { display: block; color: #59636e; padding: 0 .4rem .3rem; }
  .site-nav summary { display: none; }
  body { padding-left: 250px; }
  /* On a narrow screen the navigation folds into one line above the page; a tap opens it. */
  @media (max-width: 800px) {
    .site-nav { position: static; width: auto; border-right: 0; border-bottom: 1px solid #d1d9e0; padding: .6rem 1rem; }
    .site-nav summary { display: list-item; cursor: pointer; font-weight: 600; }
    body { padding-left: 0; }
  }
</style>`;

// Plain client-side search: every word of the query must occur in the guide's text. Guides whose
// title holds every word come first, the rest by how often the words occur in their text, so a
// word most guides mention ("sandbox") still lists the guide named after it. The navigation's
// <details> is open on a wide screen and folded on a narrow one.
const script = `<script>
(() => {
  const menu = document.getElementById("site-menu");
  const wide = window.matchMedia("(min-width: 801px)");
  const fit = () => { menu.open = wide.matches; };
  fit();
  wide.addEventListener("change", fit);

  const index = JSON.parse(document.getElementById("search-index").textContent);
  const input = document.getElementById("guide-search");
  const results = document.getElementById("search-results");
  input.addEventListener("input", () => {
    const words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    results.replaceChildren();
    if (words.length === 0) return;
    const mentions = (text, word) => text.split(word).length - 1;
    const hits = index
      .filter((entry) => words.every((word) => entry.text.toLowerCase().includes(word)))
      .map((entry) => ({
        entry,
        inTitle: words.every((word) => entry.title.toLowerCase().includes(word)),
        count: words.reduce((sum, word) => sum + mentions(entry.text.toLowerCase(), word), 0),
      }))
      .sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || b.count - a.count)
      .map((ranked) => ranked.entry);
for (const hit of hits.slice(0, 8)) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = hit.href;
      link.textContent = hit.title;
      const at = hit.text.toLowerCase().indexOf(words[0]);
      const note = document.createElement("small");
      note.textContent = "…" + hit.text.slice(Math.max(0, at - 40), at + 60) + "…";
      item.append(link, note);
      results.append(item);
    }
    if (hits.length === 0) results.textContent = "No guide mentions that.";
  });
})();
</script>`;

/**
 * The left navigation of the site (landing, guides, API and SDK references) with a search box over
 * the guides, as one self-contained HTML fragment: its own style, the index inline as JSON and a
 * small script. `root` is the path from the page to the site root (`""` or `"../"`).
 */
export function siteNav(
  guides: readonly Guide[],
  index: readonly SearchEntry[],
  root: string,
  place: NavPlace,
): string {
  const current = (here: boolean): string => (here ? ' aria-current="page"' : "");
  const guideLinks = guides
    .map(
      (g) =>
        `<li><a href="${root}guides/${g.slug}.html"${current(place === `guide:${g.slug}`)}>${escapeHtml(g.title)}</a></li>`,
    )
    .join("\n");
  const indexJson = JSON.stringify(index.map((e) => ({ ...e, href: root + e.href }))).replace(/</g, "\\u003c");
  return `${style}
<nav class="site-nav" aria-label="Site">
  <a href="${root}index.html"${current(place === "home")}><strong>card-processing SDK</strong></a>
  <details id="site-menu" open>
  <summary>Guides, references and search</summary>
  <div class="group">Search the guides</div>
  <input id="guide-search" type="search" placeholder="callback, PaRes, refund…" aria-label="Search the guides">
  <ol id="search-results"></ol>
  <div class="group"><a href="${root}guides/index.html"${current(place === "guides")}>Guides</a></div>
  <ol>
${guideLinks}
  </ol>
  <div class="group">Reference</div>
  <a href="${root}api/index.html">API reference</a>
  <a href="${root}api/changes.html"${current(place === "api-changes")}>API changes</a>
  <a href="${root}api/signatures.html"${current(place === "signatures")}>Signatures, worked</a>
  <a href="${root}api/without-typescript.html"${current(place === "without-typescript")}>Using the API without TypeScript</a>
  <a href="${root}sdk/index.html">SDK reference</a>
</nav>
<script type="application/json" id="search-index">${indexJson}</script>
${script}`;
}
