import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dataOf, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const here = dirname(fileURLToPath(import.meta.url));
const artifacts = join(here, "..", "..", "artifacts");
// `pnpm run docs:screenshots` sets this to refresh the screenshots the docs and the README show.
const docsImages =
  process.env["DASHBOARD_SCREENSHOTS"] === "1"
    ? join(here, "..", "..", "..", "..", "docs", "src", "images")
    : undefined;

const chromiumMissing = !existsSync("/usr/bin/chromium") && !process.env["CI"];
if (chromiumMissing)
  console.warn("skipping dashboard browser checks: /usr/bin/chromium is not installed (apt-get install chromium)");

const hostile = "<script>window.__injected = 1</script>";
const f = fixtureForFile({ clock: "manual", latencyMs: 500 });

let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
const requested: string[] = [];

beforeAll(async () => {
  if (chromiumMissing) return;
  mkdirSync(artifacts, { recursive: true });
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  // One context for every page the tests open: a console error (a missing favicon logs one) or an
  // uncaught error on any of them fails the test that caused it.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
  context.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  context.on("weberror", (error) => consoleErrors.push(error.error().message));
  // Every request is logged; one for anywhere but 127.0.0.1 is refused and fails the last test.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requested.push(url);
    return new URL(url).hostname === "127.0.0.1" ? route.continue() : route.abort();
  });
  page = await context.newPage();
  await page.goto(f.sandbox.dashboardUrl);
  await page.waitForFunction(() => document.getElementById("live")?.textContent === "● live");
});
afterEach(() => {
  const errors = consoleErrors.splice(0);
  expect(errors).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
});

function row(orderid: string) {
  return page.locator(`tr[data-orderid="${orderid}"]`);
}

describe.skipIf(chromiumMissing)("the sandbox dashboard in headless Chromium", () => {
  let orderid = "";

  it("shows a sale made with the client without a reload, its client_orderid as text", async () => {
    const ack = dataOf(
      await f.gateway.sale({
        ...paymentBody(hostile, "4111111111111111", "25.00"),
        order_desc: '<img src=x onerror="window.__injected=2">',
        server_callback_url: `${f.shop.url}/callback`,
      }),
    );
    orderid = ack["paynet-order-id"];
    await expect.poll(() => row(orderid).count()).toBe(1);
    expect(await row(orderid).locator(".client-orderid").textContent()).toBe(hostile);
    expect(await row(orderid).locator(".status").textContent()).toBe("processing");
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(await page.locator("script").count()).toBe(1);
  });

  it("moves a processing order to its final status when the clock is advanced from the page", async () => {
    await page.getByRole("button", { name: "Advance the clock 1 second" }).click();
    await expect.poll(() => row(orderid).locator(".status").textContent()).toBe("approved");
    await expect.poll(() => f.shop.requests.filter((r) => r.url.startsWith("/callback")).length).toBe(1);
  });

  it("shows the order's timeline, redacted requests and callback attempts with the shop's answer", async () => {
    await page.getByRole("link", { name: new RegExp(`^Order ${orderid} `) }).click();
    await expect.poll(() => page.textContent("#order-title")).toBe(`Order ${orderid}`);
    const detail = page.locator("#order-detail");
    await expect.poll(() => detail.textContent()).toContain("sale: processing -> approved");
    const text = (await detail.textContent()) ?? "";
    expect(text).toContain("411111******1111");
    expect(text).not.toContain("4111111111111111");
    expect(text).toContain("<h1>OK, shop received it</h1>");
    expect(text).toContain(hostile);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  });

  it("triggers a chargeback from the page that reaches the shop's callback address and the timeline", async () => {
    await page.getByRole("button", { name: "Chargeback" }).click();
    await expect.poll(() => page.locator("#order-detail .timeline").textContent()).toContain("chargeback 25.00 USD");
    await expect.poll(() => f.shop.requests.filter((r) => r.url.startsWith("/callback")).length).toBe(2);
    const callbacks = f.shop.requests.filter((r) => r.url.startsWith("/callback"));
    const last = new URL(callbacks[1]?.url ?? "", f.shop.url).searchParams;
    expect(last.get("type")).toBe("chargeback");
    expect(last.get("orderid")).toBe(orderid);
    // The page shows its message once the admin reply is back, which may be after the callback arrived.
    await expect.poll(() => page.textContent("#message")).toContain("Chargeback sent");
  });

  it("filters the list by status and finds an order by either id", async () => {
    const other = dataOf(await f.gateway.sale(paymentBody(orderId("find-me"))));
    await expect.poll(() => row(other["paynet-order-id"]).count()).toBe(1);
    const rows = page.locator("#order-rows tr");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("processing");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByRole("searchbox", { name: "Search" }).fill("find-me");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.getAttribute("data-orderid")).toBe(other["paynet-order-id"]);
    await page.getByRole("searchbox", { name: "Search" }).fill(orderid);
    await expect.poll(() => rows.getAttribute("data-orderid")).toBe(orderid);
    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
  });

  it("labels every control and reaches the order actions by keyboard", async () => {
    await page.goto(`${f.sandbox.dashboardUrl}#order=${orderid}`);
    await expect.poll(() => page.textContent("#order-title")).toBe(`Order ${orderid}`);
    for (const name of [
      "Advance the clock 1 second",
      "Advance the clock 1 minute",
      "Advance the clock 1 hour",
      "Advance the clock 1 day",
      "Chargeback",
      "Reversal",
      "Fraud",
      "Change status",
      "Settle",
      "Redeliver callback 1",
    ]) {
      expect(await page.getByRole("button", { name, exact: true }).count(), name).toBe(1);
    }
    expect(await page.getByRole("combobox", { name: "New status" }).count()).toBe(1);
    const unnamed = await page.evaluate(
      () =>
        [...document.querySelectorAll("button, select, input, a")].filter((e) => {
          const labels = (e as HTMLInputElement).labels;
          return (
            (e.getAttribute("aria-label") ?? e.textContent ?? "").trim() === "" &&
            (labels === undefined || labels === null || labels.length === 0)
          );
        }).length,
    );
    expect(unnamed).toBe(0);
    // From a fresh load: Tab to the clock, on to the order's link, Enter opens it, Tab on to Settle.
    await page.goto(f.sandbox.dashboardUrl);
    await page.waitForFunction((id) => document.querySelector(`tr[data-orderid="${id}"]`) !== null, orderid);
    const reached: string[] = [];
    const tabTo = async (text: string) => {
      for (let i = 0; i < 60 && reached.at(-1) !== text; i++) {
        await page.keyboard.press("Tab");
        reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
      }
      expect(reached.at(-1), reached.join(" / ")).toBe(text);
    };
    await tabTo("+1 s");
    await tabTo(orderid);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("#order-title")).toBe(`Order ${orderid}`);
    await tabTo("Chargeback");
    await tabTo("Settle");
    await page.keyboard.press("Enter"); // Settle, pressed from the keyboard
    await expect.poll(() => page.textContent("#message")).toContain(`Order ${orderid} settled`);
  });

  it("redelivers a callback from the page", async () => {
    const before = f.shop.requests.length;
    await page.getByRole("button", { name: "Redeliver callback 1", exact: true }).click();
    await expect.poll(() => f.shop.requests.length).toBe(before + 1);
    await expect.poll(() => page.locator("#order-detail .callback").count()).toBe(3);
    if (docsImages !== undefined) {
      mkdirSync(docsImages, { recursive: true });
      // A few more orders, so the list shows its range of statuses.
      await f.gateway.sale(paymentBody("shop-order-1041", "5555555555554444", "99.90"));
      await f.gateway.preauth(paymentBody("shop-order-1042", "4000000000000002", "12.00"));
      await f.gateway.sale(paymentBody("shop-order-1043", "4000000000000119", "7.50"));
      await f.sandbox.clock.advance(1_000);
      await f.gateway.sale(paymentBody("shop-order-1044", "4111111111111111", "42.00"));
      const shots = await context.newPage();
      await shots.setViewportSize({ width: 1280, height: 560 });
      await shots.goto(f.sandbox.dashboardUrl);
      await shots.waitForFunction(() => document.querySelectorAll("#order-rows tr").length === 6);
      await shots.screenshot({ path: join(docsImages, "dashboard-orders.png") });
      await shots.goto(`${f.sandbox.dashboardUrl}#order=${orderid}`);
      await shots.waitForFunction(() => document.querySelectorAll("#order-detail .callback").length === 3);
      await shots.locator("#order-detail").screenshot({ path: join(docsImages, "dashboard-order.png") });
      await shots.close();
    }
  });

  it("fits a phone screen and reads in dark mode", async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.emulateMedia({ colorScheme: "dark" });
    await phone.goto(`${f.sandbox.dashboardUrl}#order=${orderid}`);
    await expect.poll(() => phone.textContent("#order-title")).toBe(`Order ${orderid}`);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const background = await phone.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(18, 21, 27)");
    await phone.screenshot({ path: join(artifacts, "dashboard-phone-dark.png"), fullPage: true });
    await phone.close();
  });

  it("carries its own icon, so a browser does not ask the server for /favicon.ico", async () => {
    const icon = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? "";
      const image = new Image();
      image.src = href;
      await image.decode();
      return { scheme: href.slice(0, href.indexOf(",")), width: image.naturalWidth };
    });
    expect(icon.scheme).toBe("data:image/svg+xml");
    expect(icon.width).toBeGreaterThan(0);
  });

  it("requested nothing outside 127.0.0.1 and logged no console error", () => {
    expect(requested.length).toBeGreaterThan(5);
    expect(requested.filter((url) => new URL(url).hostname !== "127.0.0.1")).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
