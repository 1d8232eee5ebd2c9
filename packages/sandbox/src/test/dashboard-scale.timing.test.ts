import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FilledSandbox, startFilledSandbox } from "./filled-sandbox.testlib.js";

const chromiumMissing = !existsSync("/usr/bin/chromium") && !process.env["CI"];
// The bench (`BENCH_SANDBOX_ORDERS=1000000 pnpm bench`) runs the million; CI keeps it short.
const ORDERS = 100_000;
const SALES_PER_SECOND = 500;

let sandbox: FilledSandbox;
let browser: Browser;
beforeAll(async () => {
  if (chromiumMissing) return;
  sandbox = await startFilledSandbox(ORDERS);
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

describe.skipIf(chromiumMissing)(
  `the dashboard with ${ORDERS.toLocaleString("en")} orders and ${SALES_PER_SECOND} sales a second`,
  () => {
    // A timing on a shared 2-core machine, with Chromium and the sandbox on the same cores: a
    // slow run is retried, a slow dashboard fails every try.
    it("shows the first rows within 500 ms of opening and a new order within a second", { retry: 2 }, async () => {
      const page = await (await browser.newContext()).newPage();
      // The page's own clock, from the start of navigation to the first row in the document: what
      // a person opening it waits, without the test driver's round trips to Chromium.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector("#order-rows tr") === null) return;
          document.documentElement.dataset["firstRowsMs"] = String(performance.now());
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      // 500 sales a second, in batches every 20 ms, each telling the change stream.
      const sales = setInterval(() => sandbox.add(SALES_PER_SECOND / 50), 20);
      try {
        await page.goto(sandbox.dashboardUrl);
        await page.locator("#order-rows tr").first().waitFor();
        const firstRows = Number(await page.evaluate(() => document.documentElement.dataset["firstRowsMs"]));
        await page.waitForFunction(() => document.getElementById("live")?.textContent === "● live");

        const newest = await page.locator("#order-rows tr").first().getAttribute("data-orderid");
        // At 500 sales a second an order stays on the 50-row first page for only 0.1 s: "appears"
        // means the list's top reaches it (or a newer order), not that its row is still there.
        sandbox.add(1);
        const added = Number(sandbox.engine.book.page({ limit: 1 }).orders[0]?.orderid);
        const addedAt = performance.now();
        await page.waitForFunction(
          (id) => Number(document.querySelector("#order-rows tr")?.getAttribute("data-orderid")) >= id,
          added,
          { timeout: 5_000 },
        );
        const appeared = performance.now() - addedAt;

        console.log(
          `dashboard at ${ORDERS} orders: first rows ${firstRows.toFixed(0)} ms, new order ${appeared.toFixed(0)} ms`,
        );
        expect(added).toBeGreaterThan(Number(newest));
        expect(await page.locator("#order-rows tr").count()).toBe(50);
        expect(firstRows).toBeLessThan(500);
        expect(appeared).toBeLessThan(1_000);
      } finally {
        clearInterval(sales);
        await page.close();
      }
    });
  },
);
