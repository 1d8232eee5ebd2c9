// Playwright for the checkout suite: Debian's Chromium (`apt-get install chromium`), never a
// downloaded browser; two workers on one sandbox, which global-setup.ts starts with the shop.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: ".",
  testMatch: "checkout.spec.ts",
  globalSetup: "./global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0, // a flaky checkout test is a bug to find, not to retry
  timeout: 20_000,
  reporter: [["list"]],
  outputDir: join(tmpdir(), "checkout-in-a-browser-results"),
  use: {
    headless: true,
    launchOptions: { executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium" },
  },
});
