// Testing checkout in a browser: runs the Playwright suite of this folder (Debian's
// Chromium, one sandbox shared by two workers) and fails when any of its tests fails, so that
// `pnpm test` and CI run it. Alone: npx playwright test -c guides/checkout-in-a-browser/playwright.config.ts
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const examples = join(here, "..", "..");
const playwright = join(examples, "node_modules", "@playwright", "test", "cli.js");
const chromiumMissing = !existsSync("/usr/bin/chromium") && !process.env["CI"];
if (chromiumMissing)
  console.warn("skipping the checkout suite: /usr/bin/chromium is missing (apt-get install chromium)");

it.skipIf(chromiumMissing)(
  "the checkout suite passes in Chromium, every test on its first try",
  { timeout: 180_000 },
  async () => {
    const config = join(here, "playwright.config.ts");
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [playwright, "test", "-c", config], { cwd: examples });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("exit", (exit) => resolve({ code: exit, output }));
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/\b1[0-9] passed\b/);
    expect(output).not.toMatch(/flaky|failed|skipped/);
  },
);
