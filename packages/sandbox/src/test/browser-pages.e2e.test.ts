import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCustomerReturn } from "@card-processing/client";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerFields, dataOf, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const artifacts = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "artifacts");
const f = fixtureForFile();

let browser: Browser;

// Debian's Chromium is installed by .ci/run; on a machine without it the browser checks are
// skipped with a notice, never in CI, where its absence is a failure.
const chromiumMissing = !existsSync("/usr/bin/chromium") && !process.env["CI"];
if (chromiumMissing)
  console.warn("skipping browser checks: /usr/bin/chromium is not installed (apt-get install chromium)");

beforeAll(async () => {
  if (chromiumMissing) return;
  mkdirSync(artifacts, { recursive: true });
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/** The customer return the shop received last, verified with the merchant control key. */
async function lastReturn() {
  const post = f.shop.requests.filter((r) => r.method === "POST").at(-1);
  expect(post, "the browser came back to redirect_url by POST").toBeDefined();
  return parseCustomerReturn(new URLSearchParams(post?.body ?? ""), f.sandbox.controlKey);
}

async function fillCard(page: Page, card: string): Promise<void> {
  await page.fill("#credit_card_number", card);
  await page.fill("#card_printed_name", "JANE DOE");
  await page.fill("#expire_month", "09");
  await page.fill("#expire_year", "2031");
  await page.fill("#cvv2", "123");
}

describe.skipIf(chromiumMissing)("hosted pages and the ACS page in headless Chromium", () => {
  it("pays on the sale-form page and returns to redirect_url by POST with a valid control", async () => {
    const id = orderId("sf");
    const reply = dataOf(
      await f.gateway.saleForm({ ...customerFields(id, "25.00"), redirect_url: `${f.shop.url}/return` }),
    );
    const page = await browser.newPage();
    await page.goto(reply["redirect-url"]);
    expect(await page.textContent("h1")).toBe("Pay by card");
    await fillCard(page, "4111111111111111");
    await shot(page, "hosted-sale-form");
    await Promise.all([page.waitForURL(`${f.shop.url}/return`), page.click("#submit")]);
    await shot(page, "hosted-sale-form-returned");
    const back = await lastReturn();
    expect(back).toMatchObject({ status: "approved", orderid: reply["paynet-order-id"], merchant_order: id });
    const status = dataOf(await f.gateway.status({ client_orderid: id, orderid: reply["paynet-order-id"] }));
    expect(status).toMatchObject({ status: "approved", "last-four-digits": "1111", "cardholder-name": "JANE DOE" });
    await page.close();
  });

  it("shows the problem on the page when the card number is wrong", async () => {
    const reply = dataOf(
      await f.gateway.preauthForm({ ...customerFields(orderId("pf")), redirect_url: `${f.shop.url}/return` }),
    );
    const page = await browser.newPage();
    await page.goto(reply["redirect-url"]);
    await fillCard(page, "4111111111111112");
    await page.click("#submit");
    await expect.poll(() => page.textContent(".error")).toContain("Luhn");
    await shot(page, "hosted-form-invalid-card");
    await page.close();
  });

  it("after a refused field keeps what is not secret, marks and describes that field, and focuses it", async () => {
    const reply = dataOf(
      await f.gateway.saleForm({ ...customerFields(orderId("sfe")), redirect_url: `${f.shop.url}/return` }),
    );
    const page = await browser.newPage();
    await page.goto(reply["redirect-url"]);
    await fillCard(page, "4111111111111112");
    await page.getByRole("button", { name: "Pay" }).click();
    const number = page.getByLabel("Card number");
    await expect.poll(() => number.getAttribute("aria-invalid")).toBe("true");
    const described = await number.getAttribute("aria-describedby");
    expect(await page.locator(`#${described}`).textContent()).toContain("Luhn");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("credit_card_number");
    // The name and expiry come back as typed; the card number and the security code never do.
    expect(await page.getByLabel("Name on card").inputValue()).toBe("JANE DOE");
    expect(await page.getByLabel(/Expiry month/).inputValue()).toBe("09");
    expect(await page.getByLabel(/Expiry year/).inputValue()).toBe("2031");
    expect(await number.inputValue()).toBe("");
    expect(await page.getByLabel("Security code").inputValue()).toBe("");
    expect(await page.content()).not.toContain("4111111111111112");
    expect(await page.getByLabel("Name on card").getAttribute("aria-invalid")).toBeNull();
    await shot(page, "hosted-form-refused-field");
    await page.close();
  });

  it("takes a card number typed as printed and a two-digit year, and asks phones for digits", async () => {
    const id = orderId("sfp");
    const reply = dataOf(await f.gateway.saleForm({ ...customerFields(id), redirect_url: `${f.shop.url}/return` }));
    const page = await browser.newPage();
    await page.goto(reply["redirect-url"]);
    for (const label of ["Card number", /Expiry month/, /Expiry year/, "Security code"]) {
      expect(await page.getByLabel(label).getAttribute("inputmode"), String(label)).toBe("numeric");
    }
    expect(await page.getByLabel("Card number").getAttribute("autocomplete")).toBe("cc-number");
    expect(await page.getByText(/Expiry year/).textContent()).toBe("Expiry year (YYYY or YY)");
    await fillCard(page, "4111 1111-1111 1111");
    await page.getByLabel(/Expiry year/).fill("31");
    await Promise.all([page.waitForURL(`${f.shop.url}/return`), page.getByRole("button", { name: "Pay" }).click()]);
    expect(await lastReturn()).toMatchObject({ status: "approved", merchant_order: id });
    const status = dataOf(await f.gateway.status({ client_orderid: id, orderid: reply["paynet-order-id"] }));
    expect(status).toMatchObject({ "last-four-digits": "1111", "card-exp-year": "31" });
    await page.close();
  });

  it("cancels: the customer returns to redirect_url with the order declined", async () => {
    const id = orderId("sfc");
    const reply = dataOf(await f.gateway.saleForm({ ...customerFields(id), redirect_url: `${f.shop.url}/return` }));
    const page = await browser.newPage();
    await page.goto(reply["redirect-url"]);
    await Promise.all([
      page.waitForURL(`${f.shop.url}/return`),
      page.getByRole("button", { name: "Cancel and return to the shop" }).click(),
    ]);
    expect(await lastReturn()).toMatchObject({ status: "declined", merchant_order: id });
    await page.goto(reply["redirect-url"]);
    expect(await page.getByRole("heading").textContent()).toBe("This payment was cancelled");
    await Promise.all([
      page.waitForURL(`${f.shop.url}/return`),
      page.getByRole("button", { name: "Back to the shop" }).click(),
    ]);
    await page.close();
  });

  it("cannot be framed by a page of another site", async () => {
    const reply = dataOf(
      await f.gateway.saleForm({ ...customerFields(orderId("sff")), redirect_url: `${f.shop.url}/return` }),
    );
    const page = await browser.newPage();
    await page.goto(`${f.shop.url}/framing`);
    await page.setContent(`<iframe src="${reply["redirect-url"]}" title="payment"></iframe>`);
    // setContent waits for the frame's load too, whether it showed the page or refused it.
    const frame = page.frames().find((fr) => fr !== page.mainFrame());
    // Chromium refuses the framed document: the frame holds no form, and never the card fields.
    expect(
      await frame
        ?.locator("#credit_card_number")
        .count()
        .catch(() => 0),
    ).toBe(0);
    await page.close();
  });

  it("passes 3-D Secure 2 on the ACS page reached through the status html", async () => {
    const id = orderId("acs");
    const ack = dataOf(
      await f.gateway.sale({ ...paymentBody(id, "4000000000003220"), redirect_url: `${f.shop.url}/return` }),
    );
    const pending = dataOf(await f.gateway.status({ client_orderid: id, orderid: ack["paynet-order-id"] }));
    expect(pending.status).toBe("processing");
    const page = await browser.newPage();
    await Promise.all([page.waitForURL(/\/paynet\/acs\//), page.setContent(pending.html ?? "")]);
    expect(await page.textContent("h1")).toContain("3-D Secure 2");
    await page.fill("#otp", "123456");
    await shot(page, "acs-3ds2-challenge");
    await Promise.all([page.waitForURL(`${f.shop.url}/return`), page.click("#authenticate")]);
    expect(await lastReturn()).toMatchObject({ status: "approved", orderid: ack["paynet-order-id"] });
    const final = dataOf(await f.gateway.status({ client_orderid: id, orderid: ack["paynet-order-id"] }));
    expect(final).toMatchObject({ status: "approved", "three-ds-result": "AUTHENTICATED" });
    await page.close();
  });

  it("declines when the customer fails 3-D Secure 1.0.2 after the hosted page", async () => {
    const id = orderId("sf3");
    const reply = dataOf(await f.gateway.saleForm({ ...customerFields(id), redirect_url: `${f.shop.url}/return` }));
    const page = await browser.newPage();
    await page.goto(reply["redirect-url"]);
    await fillCard(page, "4000000000003063");
    await Promise.all([page.waitForURL(/\/paynet\/acs\//), page.click("#submit")]);
    expect(await page.textContent("h1")).toContain("3-D Secure 1.0.2");
    await shot(page, "acs-3ds1");
    await Promise.all([page.waitForURL(`${f.shop.url}/return`), page.click("#fail")]);
    expect(await lastReturn()).toMatchObject({ status: "declined", merchant_order: id });
    await page.close();
  });

  it("collects destination fields on the payout-form page", async () => {
    const id = orderId("pof");
    const reply = dataOf(
      await f.gateway.payoutForm({
        client_orderid: id,
        amount: "40.00",
        currency: "EUR",
        redirect_url: `${f.shop.url}/return`,
      }),
    );
    const page = await browser.newPage();
    await page.goto(reply["redirect-url"]);
    expect(await page.textContent("h1")).toContain("Payout");
    await page.fill("#destination-card-no", "5555555555554444");
    await page.fill("#receiver_name", "JANE DOE");
    await shot(page, "hosted-payout-form");
    await Promise.all([page.waitForURL(`${f.shop.url}/return`), page.click("#submit")]);
    expect(await lastReturn()).toMatchObject({ status: "approved", merchant_order: id });
    await page.close();
  });
});
