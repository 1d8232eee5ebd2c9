import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { join, sep } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from "vitest";
import { parse } from "yaml";
import {
  callbackSignature,
  customerReturnSignature,
  gatewayErrorCodes,
  operationTable,
  transactionStatuses,
} from "../packages/types/src/generated/operation-table.ts";
import { apiChangeHistory } from "../tools/api-diff/change-history.ts";
import {
  chromiumPath,
  launchChromium,
  phoneViewport,
  requestHost,
  type WatchedContext,
  type WatchedPage,
  watchedContext,
  watchedPage,
} from "./src/browser-page.ts";
import { builtSite } from "./src/built-site.ts";
import { expectedSignatureText } from "./src/expected-signature.ts";
import { artifactsDir, repoRoot } from "./src/paths.ts";
import type { PublishedPackage } from "./src/published-packages.ts";
import { type StaticServer, startStaticServer } from "./src/static-server.ts";
import { visitWithTabs } from "./src/visit-with-tabs.ts";

// Summaries and tags are documentation facts: they come from the bundled spec, next to the
// runtime table's signature rules.
const bundled = JSON.parse(readFileSync(join(repoRoot, "packages/types/openapi.json"), "utf8")) as {
  paths: Record<string, Record<string, { operationId: string; summary: string; tags: string[] }>>;
};
// Every operation of the spec: the API's POSTs and the transactions report, a GET beside them.
const specOperations = Object.values(bundled.paths).flatMap((item) => Object.values(item));
const operations = Object.values(operationTable).map((entry) => {
  const { summary, tags } = bundled.paths[entry.path]?.post ?? { summary: "", tags: [] };
  return { ...entry, summary, tag: tags[0] ?? "" };
});
// The site, built once for the docs project by docs/global-setup.ts.
let siteDir: string;
let packages: PublishedPackage[];
let server: StaticServer;
let browser: Browser;

// Debian's Chromium is installed by .ci/run; on a machine without it the browser checks are
// skipped with a notice, never in CI, where its absence is a failure.
const chromiumMissing = !existsSync(chromiumPath) && !process.env["CI"];
if (chromiumMissing)
  console.warn(`skipping the docs browser checks: ${chromiumPath} is not installed (apt-get install chromium)`);

beforeAll(async () => {
  if (chromiumMissing) return;
  ({ dir: siteDir, packages } = await builtSite());
  await mkdir(artifactsDir, { recursive: true });
  [server, browser] = await Promise.all([startStaticServer(siteDir), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Playwright's waits (a load, a locator) get twice its default 30 s: the checks run in two lanes
 * at once, beside another test file, on two cores.
 */
const pageTimeout = 60_000;

async function open(path: string): Promise<WatchedPage> {
  const watched = await watchedPage(browser);
  watched.page.setDefaultTimeout(pageTimeout);
  await watched.page.goto(new URL(path, server.url).href, { waitUntil: "load" });
  return watched;
}

/** Everything the page (or every page of the context) did stayed on 127.0.0.1 and logged no error. */
function expectClean(watched: WatchedPage | WatchedContext): void {
  expect(watched.requests.length).toBeGreaterThan(0);
  expect(watched.requests.filter((url) => requestHost(url) !== "127.0.0.1")).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
}

function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: join(artifactsDir, name) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Redoc's headings carry a deep-link anchor (and a webhook's its "Webhook" badge); match on the heading's own text. */
function heading(page: Page, text: string) {
  return page
    .locator("h1, h2")
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*(Webhook)?\\s*$`) })
    .first();
}

/**
 * The visible text of a heading's section: its largest ancestor that holds no other heading of
 * the same level, so one operation's text is never read as another's.
 */
function sectionText(page: Page, title: string): Promise<string> {
  return heading(page, title).evaluate((start) => {
    let section: HTMLElement = start as HTMLElement;
    while (section.parentElement && section.parentElement.querySelectorAll(start.tagName).length === 1) {
      section = section.parentElement;
    }
    return section.innerText;
  });
}

/** A sidebar entry by its whole label ("Transaction status" is not "Transaction statuses"). */
function sidebarLink(page: Page, label: string) {
  const exact = new RegExp(`^\\s*${escapeRegExp(label)}\\s*(post|get)?\\s*$`, "i");
  return page.locator(".menu-content a").filter({ hasText: exact }).first();
}

/**
 * Opens an operation from the sidebar: its tag's group (expanded when Redoc shows it closed), then
 * its entry. Nothing is timed: the group's toggle is clicked only while Redoc renders the group
 * closed (its list `display: none`), so a click that lands while the group is still opening never
 * closes it again, and a click Redoc dropped during its scroll is simply made again. The entry's
 * link is followed through its hash, since Redoc's scroll animation keeps the link moving under a
 * click.
 */
async function openOperation(expect: ExpectStatic, page: Page, tag: string, summary: string): Promise<void> {
  const link = sidebarLink(page, summary);
  const group = sidebarLink(page, tag);
  const groupList = group.locator("xpath=following-sibling::div[1]");
  // The link is read in the same poll that finds it: under load Redoc has re-rendered its sidebar
  // between the two, and a link read after the poll was waited for until the time ran out.
  let href = null as string | null;
  await expect
    .poll(
      async () => {
        if (!(await link.isVisible())) {
          const closed = await groupList.evaluate((list) => getComputedStyle(list).display === "none");
          if (closed) await group.click();
          if (!(await link.isVisible())) return false;
        }
        href = await link.getAttribute("href", { timeout: 1_000 }).catch(() => null);
        return href !== null;
      },
      { timeout: pageTimeout, message: `the sidebar entry "${summary}" under "${tag}"` },
    )
    .toBe(true);
  if (!href?.startsWith("#/")) throw new Error(`The sidebar entry "${summary}" links to ${href}.`);
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, href);
  await heading(page, summary).waitFor();
}

/** An operation's entry in Redoc's sidebar: the group (tag) it is listed under, its label and its link. */
interface SidebarEntry {
  group: string;
  label: string;
  href: string;
}

/**
 * The entries of a tag's group in the sidebar. Redoc lists a group's entries only while the group
 * is open, and one group at a time: the group's toggle is clicked only while Redoc renders it closed
 * (as in {@link openOperation}), and its entries are read in one evaluate, so Redoc cannot re-render
 * its sidebar between finding an entry and reading its link.
 */
async function sidebarGroup(expect: ExpectStatic, page: Page, tag: string): Promise<SidebarEntry[]> {
  let entries: SidebarEntry[] = [];
  await expect
    .poll(
      async () => {
        const read = await page.evaluate((label) => {
          const group = [...document.querySelectorAll<HTMLAnchorElement>(".menu-content a")].find(
            (a) => a.innerText.trim() === label,
          );
          const list = group?.nextElementSibling;
          if (!(list instanceof HTMLDivElement) || getComputedStyle(list).display === "none") return null;
          return [...list.querySelectorAll<HTMLAnchorElement>("a")].map((a) => ({
            label: a.innerText,
            href: a.getAttribute("href") ?? "",
          }));
        }, tag);
        if (read === null || read.length === 0) {
          await sidebarLink(page, tag)
            .click({ timeout: 5_000 })
            .catch(() => undefined);
          return false;
        }
        entries = read.map((entry) => ({ group: tag, ...entry }));
        return true;
      },
      { timeout: pageTimeout, interval: 250, message: `the sidebar group "${tag}" open` },
    )
    .toBe(true);
  return entries;
}

/**
 * Opens an operation by its sidebar entry's link, as {@link openOperation} does once it found it,
 * and reads its section ({@link sectionText}) once its heading shows.
 */
async function openedSectionText(page: Page, entry: SidebarEntry, summary: string): Promise<string> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, entry.href);
  await heading(page, summary).waitFor();
  return sectionText(page, summary);
}

/** Waits until Redoc has scrolled the operation's heading to the top of the window. */
async function scrolledTo(page: Page, summary: string): Promise<void> {
  await page
    .waitForFunction(
      (text) =>
        [...document.querySelectorAll("h1, h2")].some((h) => {
          const top = h.getBoundingClientRect().top;
          return h.textContent?.trim() === text && top >= -5 && top < 200;
        }),
      summary,
      { timeout: pageTimeout },
    )
    .catch((error: unknown) => {
      throw new Error(`The API reference did not bring "${summary}" to the top.`, { cause: error });
    });
}

/**
 * How far a page scrolls sideways, read once it shows. TypeDoc's pages hide their body until their
 * script has built the navigation (or for 500 ms), and a hidden body is never wider than the window.
 * One evaluate waits for the body's style to change and reads the width right then: a poll from
 * here every 100 ms took a fifth of the phone check's time.
 */
function sidewaysOnceShown(tab: Page): Promise<number> {
  return tab.evaluate(
    (timeout) =>
      new Promise<number>((resolve, reject) => {
        setTimeout(() => reject(new Error(`The page's body stayed hidden for ${timeout} ms.`)), timeout);
        const root = document.documentElement;
        if (getComputedStyle(document.body).display !== "none") {
          resolve(root.scrollWidth - root.clientWidth);
          return;
        }
        new MutationObserver((_, observer) => {
          if (getComputedStyle(document.body).display === "none") return;
          observer.disconnect();
          resolve(root.scrollWidth - root.clientWidth);
        }).observe(document.body, { attributes: true, attributeFilter: ["style", "class"] });
      }),
    pageTimeout,
  );
}

/** The phone check's tabs: the pages cost the cores more than they wait, so 3 tabs finish as soon as 5 did. */
const phoneTabs = 3;

/**
 * The SDK reference's pages (TypeDoc's): read on the phone with JavaScript off. TypeDoc's script
 * builds the whole navigation on every page; it hides the body meanwhile and, at 390 px, keeps that
 * navigation in a fixed, folded sidebar that cannot widen the page. Without the script a page shows
 * every member (none is filtered away), so its own content is read at least as wide as a reader
 * sees it (measured: 0.11 CPU-s a page, 0.14 with the script). The navigation itself is checked on
 * each module's page, with the script, menu open.
 */
function isSdkReferencePage(file: string): boolean {
  return file.startsWith(`sdk${sep}`);
}

/**
 * How far TypeDoc's navigation, opened from its menu button on a phone, reaches past the window
 * or past its own sidebar; also how many entries it lists.
 */
async function openedNavigation(tab: Page): Promise<{ entries: number; sideways: number }> {
  // The script fills the navigation (`Loading...` until then) and only then shows the page.
  await tab.locator("#tsd-nav-container a").first().waitFor({ state: "attached" });
  await tab.locator("#tsd-toolbar-menu-trigger").click();
  const sidebar = tab.locator(".col-sidebar");
  await sidebar.waitFor({ state: "visible" });
  return sidebar.evaluate(async (bar) => {
    // Its slide-in done (an animation cancelled by the next one rejects `finished`; that is done too).
    await Promise.all(bar.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => null)));
    const links = [...bar.querySelectorAll<HTMLElement>(".tsd-navigation a")];
    const reach = Math.max(bar.getBoundingClientRect().right, ...links.map((a) => a.getBoundingClientRect().right));
    return {
      entries: links.length,
      sideways: Math.max(bar.scrollWidth - bar.clientWidth, Math.ceil(reach - window.innerWidth)),
    };
  });
}

/** The client's `Gateway` page of the SDK reference, reached as a reader would: by its links. */
async function openGatewayPage(): Promise<WatchedPage> {
  const watched = await open("index.html");
  const { page } = watched;
  await page.locator("#packages + table a", { hasText: "@card-processing/client" }).click();
  await page
    .locator("a", { hasText: /^Gateway$/ })
    .first()
    .click();
  await page.locator("h1", { hasText: "Gateway" }).waitFor();
  return watched;
}

// Two lanes at once in one browser, after one build of the site: the phone check, which loads
// every page (about 550) in tabs of its own, and every other check, one after another in a desktop
// window. Read one after another, the phone check kept this file alone on a core for minutes at the
// end of a full run. The API reference's checks share one load of its page (Redoc, 3 MB). Sharing
// the cores, each check gets twice the docs project's time limit, the longest more; concurrent
// tests use their own `expect`.
describe.skipIf(chromiumMissing).concurrent("docs site", { timeout: 120_000 }, () => {
  it("never scrolls sideways on a 390 px phone, on any page", async ({ expect }) => {
    const pages = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith(".html"));
    const sdkPages = pages.filter(isSdkReferencePage);
    const sideways: string[] = [];
    let checked = 0;
    for (const [files, javaScriptEnabled] of [
      [pages.filter((file) => !isSdkReferencePage(file)), true],
      [sdkPages, false],
    ] as const) {
      const phone = await browser.newContext({ viewport: phoneViewport, javaScriptEnabled });
      phone.setDefaultTimeout(pageTimeout);
      await visitWithTabs(phone, files, phoneTabs, async (tab, file) => {
        await tab.goto(new URL(file, server.url).href, { waitUntil: "load" });
        const by = await sidewaysOnceShown(tab);
        if (by > 0) sideways.push(`${file}: ${by} px`);
        checked += 1;
      });
      await phone.close();
    }
    expect(pages.length).toBeGreaterThan(10);
    if (packages.length > 0) expect(sdkPages.length).toBeGreaterThan(10);
    expect(checked).toBe(pages.length);
    expect(sideways.sort()).toEqual([]);
  }, 600_000);

  it("folds the SDK reference's navigation on a 390 px phone and opens it whole, within the window, on each module's page", async ({
    expect,
    skip,
  }) => {
    if (packages.length === 0) skip();
    const modulePages = (await readdir(join(siteDir, "sdk/modules"))).filter((file) => file.endsWith(".html"));
    expect(modulePages.length).toBeGreaterThanOrEqual(packages.length);
    const phone = await watchedContext(browser, phoneViewport);
    phone.context.setDefaultTimeout(pageTimeout);
    const results: string[] = [];
    await visitWithTabs(phone.context, modulePages, 2, async (tab, file) => {
      await tab.goto(new URL(`sdk/modules/${file}`, server.url).href, { waitUntil: "load" });
      const folded = await sidewaysOnceShown(tab);
      const { entries, sideways } = await openedNavigation(tab);
      results.push(
        `${file}: ${entries > 100 ? "whole" : `${entries} entries`}, ${folded} px / ${sideways} px sideways`,
      );
    });
    await phone.context.close();
    expect(results.sort()).toEqual(modulePages.map((file) => `${file}: whole, 0 px / 0 px sideways`).sort());
    expectClean(phone);
  });

  // Inherits `concurrent` from the file's suite, so it runs beside the phone check; its checks
  // are `sequential`, one after another.
  describe("in a desktop window", () => {
    it.sequential("builds a landing page that links both references and shows the quick start", async ({ expect }) => {
      const watched = await open("index.html");
      const { page } = watched;
      await expect(page.locator("#api-reference").getAttribute("href")).resolves.toBe("api/index.html");
      if (packages.length > 0)
        await expect(page.locator("#sdk-reference").getAttribute("href")).resolves.toBe("sdk/index.html");
      await expect(page.locator("#quick-start").textContent()).resolves.toBe("Quick start");
      const code = await page.locator("pre").allTextContents();
      expect(code.join("\n")).toContain("client.use(createSigningMiddleware(");
      // What works before the first release comes first; the registry install is marked as later.
      expect(code.join("\n")).toContain("pack:all");
      expect(await page.locator("body").textContent()).toMatch(/After the first release/);
      expect(await page.locator("body").textContent()).toContain(`${specOperations.length} operations`);
      const cvv2Rows = await page.locator("#sandbox-cvv2-values tr").allTextContents();
      expect(cvv2Rows).toContain("116declined: Insufficient funds (error-code 51)");
      expect(cvv2Rows.some((row) => row.startsWith("321") && row.includes("hint"))).toBe(true);
      const figures = await page
        .locator("figure img")
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
      expect(figures.length, "the sandbox dashboard's screenshots").toBe(2);
      for (const width of figures) expect(width).toBeGreaterThan(0);
      await screenshot(page, "landing.png");
      await page.locator("#api-reference").click();
      await page.locator(".menu-content").waitFor();
      expectClean(watched);
    });

    // Every operation of the spec: each group's entries are read at once and each entry's link followed,
    // 0.3 s an operation alone, where a poll and a click per entry took 3 s. One retry against a
    // machine loaded far past its cores (load 9 on 2), and a real defect still fails both. In a page
    // of its own, so that a retry never shares its page with an attempt that timed out and may still
    // be clicking.
    it.sequential("shows each operation with its summary and its signature spelled out", {
      retry: 1,
      timeout: 300_000,
    }, async ({ expect }) => {
      expect(operations).toHaveLength(Object.values(bundled.paths).filter((item) => item["post"] !== undefined).length);
      const watched = await open("api/index.html");
      const { page } = watched;
      let entries: SidebarEntry[] = [];
      // Every operation is listed in the sidebar under its tag, linking its own route; each link is
      // then followed in turn, as a reader's click on it would. Redoc opens one group at a time.
      const tags = [...new Set(operations.map((op) => op.tag))];
      for (const op of tags.flatMap((tag) => operations.filter((op) => op.tag === tag))) {
        if (entries[0]?.group !== op.tag) entries = await sidebarGroup(expect, page, op.tag);
        const label = new RegExp(`^\\s*${escapeRegExp(op.summary)}\\s*(post|get)?\\s*$`, "i");
        const listed = entries.filter((entry) => label.test(entry.label));
        expect(listed, `${op.operationId}: its entry under "${op.tag}" in the sidebar`).toHaveLength(1);
        const entry = listed[0] as SidebarEntry;
        expect(entry.href, `${op.operationId}: its sidebar link`).toMatch(/^#\/./);
        const section = await openedSectionText(page, entry, op.summary);
        expect(section, op.operationId).toContain(expectedSignatureText(op.signature));
        expect(section.includes("Assumed rule:"), op.operationId).toBe(op.signature.assumed);
        if (op.operationId === "sale") await screenshot(page, "operation-signature.png");
        if (op.operationId === "paymentForm") await screenshot(page, "operation-assumed-signature.png");
      }
      expectClean(watched);
      await page.close();
    });

    describe("the API reference, one load of its page read by each of these checks in turn", () => {
      let reference: WatchedPage;
      beforeAll(async () => {
        reference = await open("api/index.html");
      });
      afterAll(() => reference?.page.close());

      it.sequential("documents the statuses, the error codes, the amounts by currency, the sandbox's test values, and the callback and customer return as webhooks", async ({
        expect,
      }) => {
        const { page } = reference;
        const sections: Array<[string, string[]]> = [
          ["Transaction statuses", [...transactionStatuses].map((s) => s)],
          ["Error codes", Object.entries(gatewayErrorCodes).map(([name, code]) => `${code}\t${name}`)],
          ["Amounts by currency", ["JPY", "KWD", "1.50 → 150"]],
          ["Sandbox test values", ["read from the sandbox's own tables"]],
        ];
        for (const [title, texts] of sections) {
          await sidebarLink(page, title).click();
          await heading(page, title).waitFor();
          const section = await sectionText(page, title);
          for (const text of texts) expect(section, title).toContain(text);
        }
        // The test values' tables, each under a heading of its own in "Sandbox test values", rendered as tables.
        for (const [title, text] of [
          ["CVV2 of a card payment", "declined: Insufficient funds"],
          ["Cards paid or charged without a CVV2", "4000000000101016"],
          ["Bank accounts of payouts", "0000000014"],
        ] as const) {
          await sidebarLink(page, title).click();
          await expect.poll(() => page.locator("table").filter({ hasText: text }).count(), { message: title }).toBe(1);
        }
        // The webhooks: each under "Callbacks and returns", its method shown, its signature spelled out.
        for (const [title, method, signature] of [
          ["Server callback", "GET", callbackSignature],
          ["Customer return", "POST", customerReturnSignature],
        ] as const) {
          await openOperation(expect, page, "Callbacks and returns", title);
          const section = await sectionText(page, title);
          expect(section, title).toContain(expectedSignatureText(signature));
          expect(await sidebarLink(page, title).innerText(), title).toContain(method);
          if (title === "Server callback") await screenshot(page, "callback.png");
        }
        expectClean(reference);
      });

      it.sequential("offers the spec and the Postman collection to download beside the reference, as the bundled spec", async ({
        expect,
      }) => {
        const { page } = reference;
        const links = await page
          .locator("a[download]")
          .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href") ?? ""))]);
        expect(links.sort()).toEqual(["card-processing.postman_collection.json", "openapi.json", "openapi.yaml"]);
        expect(readFileSync(join(siteDir, "api/openapi.json"), "utf8")).toBe(
          readFileSync(join(repoRoot, "packages/types/openapi.json"), "utf8"),
        );
        expect(parse(readFileSync(join(siteDir, "api/openapi.yaml"), "utf8"))).toEqual(bundled);
        const yaml = await (await fetch(new URL("api/openapi.yaml", server.url))).text();
        expect(parse(yaml)).toEqual(bundled);
        expectClean(reference);
      });

      it.sequential("finds an operation through the search box", async ({ expect }) => {
        const { page } = reference;
        const rebill = operations.find((op) => op.operationId === "makeRebill");
        if (!rebill) throw new Error("The operation table has no makeRebill.");
        await page.locator("[data-testid=search-trigger]").click();
        await page.keyboard.type("rebill");
        const hit = page.getByText(rebill.summary, { exact: true }).first();
        await hit.waitFor();
        await screenshot(page, "search.png");
        await hit.click();
        await heading(page, rebill.summary).waitFor();
        expect(page.url()).toMatch(/#\/.+/);
        expectClean(reference);
      });

      it.sequential("labels the link to the documentation site with its description, every word apart", async ({
        expect,
      }) => {
        const { externalDocs } = JSON.parse(readFileSync(join(repoRoot, "packages/types/openapi.json"), "utf8")) as {
          externalDocs: { description: string };
        };
        const label = await reference.page
          .locator("[data-testid=external-documentation] a")
          .first()
          .getAttribute("aria-label");
        // Redoc drops the description's line breaks from the label rather than making them spaces.
        expect(label).toBe(externalDocs.description.replace(/`/g, "").replace(/\s+/g, " ").trim());
        expect(label).toContain("the SDK reference at sdk/index.html.");
        expectClean(reference);
      });
    });

    it.sequential("lists the API changes per release, the unreleased ones first, linked from the landing page and the reference", {
      timeout: 120_000,
    }, async ({ expect }) => {
      const history = await apiChangeHistory(repoRoot);
      const watched = await open("index.html");
      const { page } = watched;
      await page.locator("#api-changes").click();
      await page.locator("h1", { hasText: "API changes" }).waitFor();
      const sections = await page.locator("main section h2").allTextContents();
      expect(sections[0]).toBe("Unreleased");
      expect(sections).toHaveLength(history.length);
      for (const [index, entry] of history.entries()) {
        const items = page.locator("main section").nth(index).locator("li");
        expect(await items.count(), sections[index]).toBe(entry.changes.length);
        const texts = await items.allTextContents();
        for (const [i, change] of entry.changes.entries()) {
          expect(texts[i]).toBe(`${change.rule.kind} ${change.operation}: ${change.text}`);
        }
      }
      // An operation's name opens it in the reference, and the reference links back here.
      const first = page.locator("main li a").first();
      if ((await first.count()) > 0) {
        const name = (await first.textContent()) ?? "";
        const summary = specOperations.find((op) => op.operationId === name)?.summary ?? "";
        await first.click();
        await scrolledTo(page, summary);
      } else {
        await page.goto(new URL("api/index.html", server.url).href);
      }
      await page.locator("#api-changes").click();
      await page.waitForURL(/api\/changes\.html$/);
      expectClean(watched);
    });

    it.sequential("keeps the pages light: under 200 KB, but for the operation table's page, which prints the whole table, and the guides, which print their programs", async ({
      expect,
    }) => {
      const pages = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith(".html"));
      expect(pages.length).toBeGreaterThan(10);
      // Redoc's page carries Redoc itself inline (about 2.7 MB), so that it works offline. The
      // gateway's operations, the generated paths, operations and schemas each have a page of their
      // own (docs/src/member-pages-router.ts), so the pages that hold them only link them. The
      // operation table is a variable, whose page prints its type, all its entries, in full.
      const budgetKb = (file: string): number => {
        if (file === join("api", "index.html")) return Number.POSITIVE_INFINITY;
        // About 12 KB per operation.
        if (/_card-processing_types\.operationTable\.html$/.test(file)) return 600;
        // A guide prints its whole program highlighted (Shiki's inline styles, about 4x the source);
        // the browser-checkout guide's is a Playwright suite of three files: about 230 KB.
        if (file.startsWith(`guides${sep}`)) return 300;
        // The page without TypeScript prints nine tested programs the same way (three of them with an RSA key).
        if (file === join("api", "without-typescript.html")) return 300;
        return 200;
      };
      const heavy = pages
        .map((file) => ({ file, kb: Math.round(statSync(join(siteDir, file)).size / 1024), budget: budgetKb(file) }))
        .filter(({ kb, budget }) => kb >= budget);
      expect(heavy).toEqual([]);
    });

    it.sequential("documents every published package in the SDK reference", async ({ expect, skip }) => {
      if (packages.length === 0) skip();
      const watched = await open("index.html");
      const { page } = watched;
      const links = await page
        .locator("#packages + table a")
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(links).toHaveLength(packages.length);
      for (const [index, pkg] of packages.entries()) {
        await page.goto(links[index] ?? "");
        await expect(page.locator("h1").first().innerText()).resolves.toContain(pkg.name);
        await expect(
          page.locator(".tsd-member-summary, .tsd-index-section, .tsd-panel").count(),
        ).resolves.toBeGreaterThan(0);
      }
      await screenshot(page, "sdk.png");
      expectClean(watched);
    });

    it.sequential("lists every operation on the Gateway page, grouped by tag, each on a page of its own with its summary and a working link", async ({
      expect,
      skip,
    }) => {
      if (!packages.some((pkg) => pkg.name === "@card-processing/client")) skip();
      const watched = await openGatewayPage();
      const { page } = watched;
      const gatewayUrl = page.url();
      // The index of the Gateway page: every operation under its tag's heading, linking its own page.
      const pagesByOperation = new Map<string, string>();
      for (const op of operations) {
        const section = page.locator("section.tsd-index-section").filter({
          has: page.locator("h3", { hasText: new RegExp(`^${escapeRegExp(op.tag)}$`) }),
        });
        const entry = section.locator("a.tsd-index-link", { hasText: new RegExp(`^${op.operationId}$`) });
        await expect(entry.count(), op.operationId).resolves.toBe(1);
        pagesByOperation.set(op.operationId, await entry.evaluate((a) => (a as HTMLAnchorElement).href));
      }
      await screenshot(page, "sdk-gateway-index.png");

      // Each operation's page carries its summary and a link to it in the API reference; the pages
      // are read by a few tabs at once.
      const links = new Map<string, string>();
      const operationPages = await watchedContext(browser);
      operationPages.context.setDefaultTimeout(pageTimeout);
      await visitWithTabs(operationPages.context, operations, 4, async (tab, op) => {
        await tab.goto(pagesByOperation.get(op.operationId) ?? "", { waitUntil: "load" });
        await expect(tab.locator("h1").innerText(), op.operationId).resolves.toContain(op.operationId);
        const link = tab.locator(".col-content a", { hasText: op.summary }).first();
        await expect(link.count(), `${op.operationId}: a link named "${op.summary}"`).resolves.toBe(1);
        links.set(op.operationId, await link.evaluate((a) => (a as HTMLAnchorElement).href));
        if (op.operationId === "sale") await screenshot(tab, "sdk-gateway-sale.png");
      });
      await operationPages.context.close();
      expect([...links.keys()].sort()).toEqual(operations.map((op) => op.operationId).sort());
      expectClean(operationPages);

      // Followed as a reader would, the sale's link opens the API reference at the sale.
      const sale = operations.find((op) => op.operationId === "sale");
      if (!sale) throw new Error("The operation table has no sale.");
      await page.goto(pagesByOperation.get("sale") ?? gatewayUrl, { waitUntil: "load" });
      await page.locator(".col-content a", { hasText: sale.summary }).first().click();
      await scrolledTo(page, sale.summary);
      expect(page.url()).toBe(links.get("sale"));

      // Every other link, in the same page: its hash brings its operation to the top.
      for (const op of operations) {
        const target = new URL(links.get(op.operationId) ?? "");
        expect(target.pathname, op.operationId).toBe("/api/index.html");
        await page.evaluate((hash) => {
          window.location.hash = hash;
        }, target.hash);
        await scrolledTo(page, op.summary);
        expect(new URL(page.url()).hash, op.operationId).toBe(target.hash);
      }
      expectClean(watched);
    }, 300_000);
  });
});
