// Testing checkout in a browser: a Playwright suite that drives the sandbox's hosted payment page
// and ACS page as a customer does, through the shop of examples/08-tested-shop. Selectors are
// labels and roles, the words the customer reads. Run: npx playwright test -c playwright.config.ts
import { createGateway } from "@card-processing/client";
import { type Sandbox, startSandbox } from "@card-processing/sandbox";
import { expect, type Page, test } from "@playwright/test";
import { type Shop, startShop } from "../../08-tested-shop/shop.js";

const shopUrl = () => process.env["SHOP_URL"] ?? "";
const sandboxUrl = () => process.env["SANDBOX_URL"] ?? "";

/** From the shop's basket to the hosted payment page; returns the shop's order id the page shows. */
async function checkout(page: Page, shop = shopUrl()): Promise<string> {
  await page.goto(shop);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  const order = await page.getByText(/^Order /).textContent();
  return (order ?? "").replace("Order ", "");
}

/** Types a card as it is printed and presses Pay. */
async function pay(page: Page, cvv2: string, card = "4111 1111 1111 1111"): Promise<void> {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Name on card").fill("JANE DOE");
  await page.getByLabel("Expiry month (MM)").fill("12");
  await page.getByLabel("Expiry year (YYYY or YY)").fill("2030");
  await page.getByLabel("Security code").fill(cvv2);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
}

/** What the sandbox received for an order, through its admin routes (any worker can ask). */
async function pageSubmissions(page: Page, clientOrderId: string): Promise<{ http_status: number }[]> {
  const query = new URLSearchParams({ client_orderid: clientOrderId, operation: "hosted page submitted" });
  const reply = await page.request.get(`${sandboxUrl()}/_admin/requests?${query}`);
  return ((await reply.json()) as { requests: { http_status: number }[] }).requests;
}

test.describe("each test card, as the customer sees it", () => {
  for (const [cvv2, heading, what] of [
    ["123", "Thank you", "approved"],
    ["116", "Payment failed", "declined: insufficient funds"],
    ["101", "Payment failed", "declined: expired card"],
    ["217", "Still processing", "unknown: the acquirer did not answer"],
  ] as const) {
    test(`CVV2 ${cvv2}: ${what}`, async ({ page }) => {
      await checkout(page);
      await pay(page, cvv2);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    });
  }

  test("a refused field: the message, the field marked and focused, the name kept, the card number not", async ({
    page,
  }) => {
    await checkout(page);
    await pay(page, "123", "4111 1111 1111 1112");
    const number = page.getByLabel("Card number");
    await expect(page.getByRole("alert")).toHaveText(/Luhn/);
    await expect(number).toBeFocused();
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(number).toHaveValue("");
    await expect(page.getByLabel("Name on card")).toHaveValue("JANE DOE");
    await pay(page, "123");
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
  });
});

test.describe("3-D Secure (CVV2 321)", () => {
  test("the password hint authenticates", async ({ page }) => {
    await checkout(page);
    await pay(page, "321");
    await expect(page.getByRole("heading", { name: /3-D Secure/ })).toBeVisible();
    await page.getByLabel("Password").fill("hint");
    await page.getByRole("button", { name: "Authenticate" }).click();
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
  });

  test("failing authentication declines", async ({ page }) => {
    await checkout(page);
    await pay(page, "321");
    await page.getByRole("button", { name: "Fail authentication" }).click();
    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  });
});

test.describe("closed pages, two tabs, a change of mind", () => {
  test("a closed tab: the link still takes the payment within its lifetime", async ({ context }) => {
    const first = await context.newPage();
    await checkout(first);
    const link = first.url();
    await first.close();
    const again = await context.newPage();
    await again.goto(link);
    await pay(again, "123");
    await expect(again.getByRole("heading", { name: "Thank you" })).toBeVisible();
  });

  test("a double submit: the second tab says already submitted, and the card is charged once", async ({ context }) => {
    const first = await context.newPage();
    const clientOrderId = await checkout(first);
    const second = await context.newPage();
    await second.goto(first.url());
    await pay(first, "123");
    await expect(first.getByRole("heading", { name: "Thank you" })).toBeVisible();
    await pay(second, "123");
    await expect(second.getByRole("heading", { name: "This page was already submitted" })).toBeVisible();
    await second.getByRole("button", { name: "Back to the shop" }).click();
    await expect(second.getByRole("heading", { name: "Thank you" })).toBeVisible();
    const submitted = await pageSubmissions(first, clientOrderId);
    expect(submitted.map((r) => r.http_status)).toEqual([200, 409]);
  });

  test("cancel: back at the shop, the payment declined", async ({ page }) => {
    await checkout(page);
    await page.getByRole("button", { name: "Cancel and return to the shop" }).click();
    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  });
});

test.describe("on the test clock (a sandbox of its own, manual clock)", () => {
  test.describe.configure({ mode: "serial" });
  let sandbox: Sandbox;
  let shop: Shop;

  test.beforeAll(async () => {
    sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000 });
    const gateway = createGateway({
      baseUrl: sandbox.url,
      endpointId: sandbox.endpointId,
      login: sandbox.login,
      controlKey: sandbox.controlKey,
    });
    shop = await startShop({ gateway, controlKey: sandbox.controlKey });
  });
  test.afterAll(async () => {
    await shop?.close();
    await sandbox?.close();
  });

  test("the return page comes before the outcome; a chargeback arrives 20 days later", async ({ page }) => {
    const clientOrderId = await checkout(page, shop.url);
    await pay(page, "123");
    // A manual clock does not move by itself: the customer is back while the payment is processing.
    await expect(page.getByRole("heading", { name: "Still processing" })).toBeVisible();
    await sandbox.clock.advance(1_000); // the outcome, and its callback to the shop
    expect(shop.orders.get(clientOrderId)?.state).toBe("paid");

    await sandbox.clock.advance(20 * 24 * 3_600_000);
    const orderid = shop.orders.get(clientOrderId)?.orderid ?? "";
    await sandbox.trigger(orderid, { type: "chargeback", amount: "10.00" });
    const chargeback = await sandbox.waitForCallback({ orderid, type: "chargeback" });
    expect(chargeback.attempts.at(-1)?.httpStatus).toBe(200); // the shop took it
  });

  test("an abandoned page expires after 30 minutes: the order is declined and the link says so", async ({ page }) => {
    const clientOrderId = await checkout(page, shop.url);
    const link = page.url();
    await page.goto("about:blank"); // the customer walks away
    await sandbox.clock.advance(30 * 60_000);
    expect(shop.orders.get(clientOrderId)?.state).toBe("failed"); // told by the declined callback
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This payment page has expired" })).toBeVisible();
    await page.getByRole("button", { name: "Back to the shop" }).click();
    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  });
});
