import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AxeFinding, axeFindings, countByImpact } from "./axe.testlib.js";
import {
  customerFields,
  dataOf,
  fixtureForFile,
  orderId,
  paymentBody,
  startFixture,
} from "./sandbox-fixture.testlib.js";

// Debian's Chromium is installed by .ci/run; elsewhere without it the checks are skipped with a notice.
const chromiumMissing = !existsSync("/usr/bin/chromium") && !process.env["CI"];
if (chromiumMissing) console.warn("skipping the pages' axe-core checks: /usr/bin/chromium is not installed");

const f = fixtureForFile({ latencyMs: 5 });

let browser: Browser;
const found: Record<string, AxeFinding[]> = {};

beforeAll(async () => {
  if (chromiumMissing) return;
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
});
afterAll(async () => {
  if (!chromiumMissing) {
    const summary = Object.entries(found).map(
      ([name, list]) => `${name}: ${JSON.stringify(countByImpact(list))} ${list.map((x) => x.id).join(",")}`,
    );
    console.log(`axe-core findings by impact (elements):\n${summary.join("\n")}`);
  }
  await browser?.close();
});

async function saleFormUrl(): Promise<string> {
  const reply = dataOf(
    await f.gateway.saleForm({ ...customerFields(orderId("axe")), redirect_url: `${f.shop.url}/return` }),
  );
  return reply["redirect-url"];
}

async function fillCard(page: Page, card: string, cvv2 = "123"): Promise<void> {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Name on card").fill("JANE DOE");
  await page.getByLabel(/Expiry month/).fill("09");
  await page.getByLabel(/Expiry year/).fill("2031");
  await page.getByLabel("Security code").fill(cvv2);
}

/** axe-core's findings on `page` as it stands, kept for the summary; serious and critical ones fail the test. */
async function check(name: string, page: Page): Promise<void> {
  const findings = await axeFindings(page);
  found[name] = findings;
  const blocking = findings.filter((x) => x.impact === "serious" || x.impact === "critical");
  expect(blocking, `${name}: ${JSON.stringify(blocking, null, 1)}`).toEqual([]);
}

describe.skipIf(chromiumMissing)("axe-core on the hosted payment, ACS and end pages", () => {
  it("the payment page, and the page again after a refused field", async () => {
    const page = await browser.newPage();
    await page.goto(await saleFormUrl());
    await check("payment page", page);
    await fillCard(page, "4111111111111112");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForLoadState();
    await check("payment page, refused field", page);
    await page.close();
  });

  it("the ACS page of 3-D Secure 2 and of 3-D Secure 1.0.2", async () => {
    const page = await browser.newPage();
    const id = orderId("axe3");
    const ack = dataOf(
      await f.gateway.sale({ ...paymentBody(id, "4000000000003220"), redirect_url: `${f.shop.url}/r` }),
    );
    const status = dataOf(await f.gateway.status({ client_orderid: id, orderid: ack["paynet-order-id"] }));
    await page.goto(status["redirect-url"] ?? "");
    await check("ACS page (3-D Secure 2)", page);
    await page.goto(await saleFormUrl());
    await fillCard(page, "4000000000003063");
    await Promise.all([page.waitForURL(/\/acs\//), page.getByRole("button", { name: "Pay" }).click()]);
    await check("ACS page (3-D Secure 1.0.2)", page);
    await page.close();
  });

  it("the end pages: return to the shop, already submitted, authentication finished, cancelled, expired, not found", async () => {
    const page = await browser.newPage();
    const url = await saleFormUrl();
    // The return page submits itself at once: it is checked as served, its one script left out.
    const card = { credit_card_number: "4111111111111111", card_printed_name: "JANE DOE", cvv2: "123" };
    const form = new URLSearchParams({ ...card, expire_month: "09", expire_year: "2031" });
    const returnPage = await (await fetch(url, { method: "POST", body: form })).text();
    await page.setContent(returnPage.replace(/<script>[^<]*<\/script>/, ""));
    await check("return page", page);
    await page.goto(url);
    await check("already submitted", page);

    const id = orderId("axe4");
    const ack = dataOf(
      await f.gateway.sale({ ...paymentBody(id, "4000000000003220"), redirect_url: `${f.shop.url}/r` }),
    );
    const acs = dataOf(await f.gateway.status({ client_orderid: id, orderid: ack["paynet-order-id"] }))["redirect-url"];
    await page.goto(acs ?? "");
    await page.getByRole("button", { name: "Authenticate" }).click();
    await page.waitForLoadState();
    await page.goto(acs ?? "");
    await check("authentication finished", page);

    const cancelled = await saleFormUrl();
    await page.goto(cancelled);
    await page.getByRole("button", { name: "Cancel and return to the shop" }).click();
    await page.waitForURL(`${f.shop.url}/return`);
    await page.goto(cancelled);
    await check("payment cancelled", page);

    const manual = await startFixture({ clock: "manual" });
    const expired = dataOf(await manual.gateway.saleForm(customerFields(orderId("axe5"))))["redirect-url"];
    await manual.sandbox.clock.advance(30 * 60_000);
    await page.goto(expired);
    await check("payment page expired", page);
    await manual.sandbox.close();

    await page.goto(url.replace(/[0-9a-f]{6}$/, "000000"));
    await check("page not found", page);
    await page.close();
  });
});
