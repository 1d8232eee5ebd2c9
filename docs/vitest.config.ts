import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "docs",
    include: ["**/*.test.ts"],
    exclude: ["dist/**", "node_modules/**"],
    // Builds the site once for every test file (`inject("docsSite")`), before the project's tests start.
    globalSetup: ["./global-setup.ts"],
    // Drives a real browser.
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
});
