import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataOf, type Fixture, orderId, paymentBody, startFixture } from "./sandbox-fixture.testlib.js";

// The dashboard opened with ?token= in a real browser: the token moves to the sandbox's admin
// cookie, scoped to /paynet/_admin and /paynet/_dashboard, and the page's own requests (its order
// list, its event stream, its buttons) carry it; nothing under the API receives it.
const TOKEN = "dashboard-browser-token-0001";
const chromiumMissing = !existsSync("/usr/bin/chromium") && !process.env["CI"];
let f: Fixture;
let browser: Browser;

beforeAll(async () => {
  if (chromiumMissing) return;
  f = await startFixture({ adminToken: TOKEN, latencyMs: 0 });
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});
afterAll(async () => {
  await browser?.close();
  await f?.sandbox.close();
});

describe.skipIf(chromiumMissing)("the dashboard with an admin token in headless Chromium", () => {
  it("keeps the token in cookies scoped to the admin paths, which the page's requests carry", async () => {
    const ack = dataOf(await f.gateway.sale(paymentBody(orderId("token"))));
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${f.sandbox.dashboardUrl}?token=${TOKEN}`);
    expect(page.url()).toBe(f.sandbox.dashboardUrl);
    await page.waitForFunction(() => document.getElementById("live")?.textContent === "● live");
    await expect.poll(() => page.locator(`tr[data-orderid="${ack["paynet-order-id"]}"]`).count()).toBe(1);
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.path, c.value, c.httpOnly, c.sameSite]).sort()).toEqual([
      ["card_processing_sandbox_admin", "/paynet/_admin", TOKEN, true, "Strict"],
      ["card_processing_sandbox_admin", "/paynet/_dashboard", TOKEN, true, "Strict"],
    ]);
    expect(await context.cookies(`${f.sandbox.url}/api/v2/sale/1111`)).toEqual([]);
    await context.close();
  });
});
