import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chromiumPath,
  launchChromium,
  phoneViewport,
  requestHost,
  type WatchedPage,
  watchedPage,
} from "./src/browser-page.ts";
import { builtSite } from "./src/built-site.ts";
import { allGuides } from "./src/guides/all-guides.ts";
import { repoRoot } from "./src/paths.ts";
import { type StaticServer, startStaticServer } from "./src/static-server.ts";

// The guides and the landing page of the site built once for the docs project (docs/global-setup.ts).
let siteDir: string;
let server: StaticServer;
let browser: Browser;

const chromiumMissing = !existsSync(chromiumPath) && !process.env["CI"];
if (chromiumMissing)
  console.warn(`skipping the guide browser checks: ${chromiumPath} is not installed (apt-get install chromium)`);

beforeAll(async () => {
  siteDir = (await builtSite()).dir;
  if (chromiumMissing) return;
  [server, browser] = await Promise.all([startStaticServer(siteDir), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string): Promise<WatchedPage> {
  const watched = await watchedPage(browser);
  await watched.page.goto(new URL(path, server.url).href, { waitUntil: "load" });
  return watched;
}

function expectOffline(watched: WatchedPage): void {
  expect(watched.requests.length).toBeGreaterThan(0);
  expect(watched.requests.filter((url) => requestHost(url) !== "127.0.0.1")).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
}

// Concurrently, each check in a page of its own (a page mostly waits on its loads), with its own `expect`.
// They start as soon as the site's one build is done, beside site.test.ts's two lanes of pages: each
// gets twice the docs project's time limit, as the site test's checks do.
describe.skipIf(chromiumMissing).concurrent("the guides in Chromium", { timeout: 120_000 }, () => {
  it.for(allGuides.map((guide) => [guide.slug, guide] as const))(
    "%s shows its diagram, its program as CI runs it, and what can go wrong",
    async ([, guide], { expect }) => {
      const watched = await open(`guides/${guide.slug}.html`);
      const { page } = watched;
      const diagram = page.locator("svg.sequence-diagram");
      await expect.poll(() => diagram.isVisible()).toBe(true);
      const box = await diagram.boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      const names = await diagram.locator("g.participant text").allTextContents();
      expect(names).toEqual(guide.diagram.participants);
      expect(await diagram.locator("line[marker-end], path[marker-end]").count()).toBe(guide.diagram.messages.length);
      // Every label as the browser lays it out in its font, measured: none reaches past the picture.
      const clipped = await diagram.evaluate((svg) => {
        const view = (svg as SVGSVGElement).viewBox.baseVal;
        return [...svg.querySelectorAll("text")]
          .map((text) => ({ text: text.textContent ?? "", box: (text as SVGTextElement).getBBox() }))
          .filter(
            ({ box }) => box.x < 0 || box.y < 0 || box.x + box.width > view.width || box.y + box.height > view.height,
          )
          .map(({ text, box }) => `${text} (${Math.round(box.x)}..${Math.round(box.x + box.width)} of ${view.width})`);
      });
      expect(clipped).toEqual([]);
      // One source: the code block is the program CI runs, character for character.
      const code = await page.locator(`pre code[data-file="${guide.codeFile}"]`).textContent();
      expect(code).toBe(await readFile(join(repoRoot, guide.codeFile), "utf8"));
      expect(await page.locator("#what-can-go-wrong + ul > li").count()).toBe(guide.pitfalls.length);

      const nav = page.locator("nav.site-nav");
      expect(await nav.locator('a[aria-current="page"]').textContent()).toBe(guide.title);
      for (const href of ["../index.html", "../api/index.html", "../sdk/index.html", "../guides/index.html"]) {
        expect(await nav.locator(`a[href="${href}"]`).count(), href).toBe(1);
      }
      expectOffline(watched);
      await page.close();
    },
  );

  it("folds the site navigation on a phone, opens it on a tap, and never scrolls sideways", async ({ expect }) => {
    const phone = await browser.newPage({ viewport: phoneViewport });
    const firstGuide = allGuides[0];
    if (!firstGuide) throw new Error("No guide.");
    for (const path of ["index.html", "guides/index.html", ...allGuides.map((guide) => `guides/${guide.slug}.html`)]) {
      await phone.goto(new URL(path, server.url).href, { waitUntil: "load" });
      const sideways = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `${path} scrolls sideways by ${sideways} px`).toBe(0);
      const nav = phone.locator("nav.site-nav");
      await expect(nav.locator(`a[href$="${firstGuide.slug}.html"]`).isVisible(), path).resolves.toBe(false);
      const height = await nav.evaluate((n) => n.getBoundingClientRect().height);
      expect(height, `${path}: the folded navigation's height`).toBeLessThan(120);
    }
    await phone.locator("nav.site-nav summary").click();
    await expect.poll(() => phone.locator(`nav.site-nav a[href$="${firstGuide.slug}.html"]`).isVisible()).toBe(true);
    await phone.close();

    // On a wide screen the list is open from the start.
    const watched = await open(`guides/${firstGuide.slug}.html`);
    await expect(watched.page.locator(`nav.site-nav a[href$="${firstGuide.slug}.html"]`).isVisible()).resolves.toBe(
      true,
    );
    await watched.page.close();
  });

  it("lists every guide on the guides page", async ({ expect }) => {
    const watched = await open("guides/index.html");
    const links = await watched.page.locator("main li a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toEqual(allGuides.map((guide) => `${guide.slug}.html`));
    expectOffline(watched);
    await watched.page.close();
  });

  it("finds guides by a word from the landing page's search, and opens the result", async ({ expect }) => {
    const watched = await open("index.html");
    const { page } = watched;
    await page.fill("#guide-search", "PaRes upload");
    const results = page.locator("#search-results a");
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(await results.first().textContent()).toBe("3-D Secure 2 and 1.0.2");
    await results.first().click();
    await page.waitForURL(/guides\/three-d-secure\.html$/);
    await page.fill("#guide-search", "no guide says xyzzy");
    await expect.poll(() => page.locator("#search-results").textContent()).toBe("No guide mentions that.");
    expectOffline(watched);
    await page.close();
  });

  it("lists a guide whose title holds the words first, even for a word nearly every guide uses", async ({ expect }) => {
    const watched = await open("index.html");
    const { page } = watched;
    await page.fill("#guide-search", "sandbox");
    const results = page.locator("#search-results a");
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    const titles = await results.allTextContents();
    const titled = allGuides.filter((guide) => guide.title.toLowerCase().includes("sandbox")).map((g) => g.title);
    expect(titled).toContain("Testing with the sandbox");
    expect(titles.slice(0, titled.length).sort()).toEqual([...titled].sort());
    expect(titles.length).toBeLessThanOrEqual(8);
    await page.close();
  });
});

/** The text an HTML fragment shows (tags dropped, entities decoded), as a browser's textContent. */
function textOf(html: string): string {
  const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&([a-z]+);/g, (entity, name: string) => named[name] ?? entity);
}

describe("the guide pages and the guide programs", () => {
  it("show every code block as highlighted TypeScript, each the file CI runs", async () => {
    const guidesDir = join(siteDir, "guides");
    const shown = new Map<string, string[]>();
    for (const guide of allGuides) {
      const html = await readFile(join(guidesDir, `${guide.slug}.html`), "utf8");
      const blocks = [...html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/g)].map((match) => match[1] ?? "");
      const files: string[] = [];
      for (const block of blocks) {
        const code = /^<code class="language-ts" data-file="([^"]+)">([\s\S]*)<\/code>$/.exec(block);
        expect(code, `${guide.slug}: a code block without its language or file: ${block.slice(0, 80)}`).not.toBeNull();
        const [, file = "", inner = ""] = code ?? [];
        expect(inner, `${guide.slug}: ${file} is not highlighted`).toMatch(/<span style="color:#[0-9A-F]{6}">/i);
        expect(textOf(inner), `${guide.slug}: ${file}`).toBe(await readFile(join(repoRoot, file), "utf8"));
        files.push(file);
      }
      shown.set(guide.slug, files);
    }
    expect(shown.get("receiving-callbacks")).toEqual([
      "examples/guides/receiving-callbacks.ts",
      "examples/callback-frameworks/route.ts",
      "examples/callback-frameworks/hono.ts",
      "examples/callback-frameworks/express.ts",
      "examples/callback-frameworks/fastify.ts",
      "examples/workers/durable-object-claims.ts",
    ]);
  });

  it("match one to one: every program in examples/guides is shown by a page, every page's program exists", async () => {
    // A program is a file of examples/guides, or the Playwright suite (`*.spec.ts`) of a folder there.
    const programs = (await readdir(join(repoRoot, "examples/guides"), { recursive: true })).filter((name) =>
      name.includes("/") ? name.endsWith(".spec.ts") : name !== "guides.e2e.test.ts" && name.endsWith(".ts"),
    );
    expect(allGuides.map((guide) => guide.codeFile).sort()).toEqual(
      programs.map((name) => `examples/guides/${name}`).sort(),
    );
  });
});
