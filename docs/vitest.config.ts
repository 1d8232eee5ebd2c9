import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "docs",
    include: ["**/*.test.ts"],
    exclude: ["dist/**", "node_modules/**"],
    // Builds the site once for every test file, in a process of its own (docs/src/built-site.ts).
    globalSetup: ["./global-setup.ts"],
    // A file's first hook may wait for that build (about 45 s alone, longer beside other tests),
    // then starts a real browser.
    hookTimeout: 300_000,
    testTimeout: 60_000,
  },
});
