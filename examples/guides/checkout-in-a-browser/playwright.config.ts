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
  // A test's time includes its worker's first page of Chromium; in CI the suite shares two cores with
  // another test file, and a first test took 19-22 s there. Slowness is not flakiness: 40 s leaves
  // room for it while a hung page still fails well before the vitest test's 180 s.
  timeout: 40_000,
  reporter: [["list"]],
  outputDir: join(tmpdir(), "checkout-in-a-browser-results"),
  use: {
    headless: true,
    launchOptions: { executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium" },
  },
});
