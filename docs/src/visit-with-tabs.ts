import type { BrowserContext, Page } from "playwright-core";

/**
 * Visits every item with a few tabs of one browser context, each taking the next item from one
 * queue: a page spends most of its time waiting on its loads, so a few tabs at once finish in a
 * fraction of the time of one by one. The first failure stops the queue and is thrown; the tabs
 * are closed either way.
 *
 * @example
 * ```ts
 * const widths = new Map<string, number>();
 * await visitWithTabs(context, ["index.html", "api/index.html"], 3, async (tab, file) => {
 *   await tab.goto(new URL(file, base).href);
 *   widths.set(file, await tab.evaluate(() => document.documentElement.scrollWidth));
 * });
 * ```
 */
export async function visitWithTabs<T>(
  context: BrowserContext,
  items: readonly T[],
  tabs: number,
  visit: (tab: Page, item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const opened: Page[] = [];
  try {
    await Promise.all(
      Array.from({ length: Math.min(tabs, items.length) }, async () => {
        const tab = await context.newPage();
        opened.push(tab);
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
          try {
            await visit(tab, item);
          } catch (error) {
            queue.length = 0;
            throw error;
          }
        }
      }),
    );
  } finally {
    await Promise.all(opened.map((tab) => tab.close()));
  }
}
