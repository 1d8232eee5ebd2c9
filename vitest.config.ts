import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Listed one by one: an app folder of the repository with its own vitest.config.ts runs alone
    // when vitest is started in it, and joins `pnpm test` only by being named here.
    projects: ["packages/*", "tools", "docs", "examples", "examples/08-tested-shop"],
  },
});
