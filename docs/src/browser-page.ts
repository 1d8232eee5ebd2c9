import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium; `apt-get install chromium` provides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** A page plus what it did: console errors, uncaught errors and every URL it requested. */
export interface WatchedPage {
  page: Page;
  consoleErrors: string[];
  requests: string[];
}

/** Starts headless Chromium with nothing running in the background that could go online. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

/** Opens a page that records its console errors, page errors and requests. */
export async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const watched: WatchedPage = { page, consoleErrors: [], requests: [] };
  page.on("console", (message) => {
    if (message.type() === "error") watched.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => watched.consoleErrors.push(error.message));
  page.on("request", (request) => watched.requests.push(request.url()));
  return watched;
}

/** A browser context plus what every page of it did: console errors, uncaught errors and every URL requested. */
export interface WatchedContext {
  context: BrowserContext;
  consoleErrors: string[];
  requests: string[];
}

/** The phone every docs check reads the site on: 390 px wide, a common phone's width. */
export const phoneViewport = { width: 390, height: 844 } as const;

/**
 * Opens a context (a window of its own, with the given viewport) that records what each of its
 * pages does, for checks that spread their pages over several tabs.
 *
 * @example
 * ```ts
 * const watched = await watchedContext(browser, phoneViewport);
 * await (await watched.context.newPage()).goto("http://127.0.0.1:8080/");
 * expect(watched.consoleErrors).toEqual([]);
 * ```
 */
export async function watchedContext(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1440, height: 1000 },
): Promise<WatchedContext> {
  const context = await browser.newContext({ viewport });
  const watched: WatchedContext = { context, consoleErrors: [], requests: [] };
  context.on("console", (message) => {
    if (message.type() === "error") watched.consoleErrors.push(message.text());
  });
  context.on("weberror", (error) => watched.consoleErrors.push(error.error().message));
  context.on("request", (request) => watched.requests.push(request.url()));
  return watched;
}

/**
 * The host a request went to; `blob:` URLs count as their origin's host and `data:` URLs as
 * local, since neither leaves the page.
 */
export function requestHost(url: string): string {
  if (url.startsWith("data:")) return "127.0.0.1";
  const parsed = new URL(url.startsWith("blob:") ? url.slice("blob:".length) : url);
  return parsed.hostname;
}
