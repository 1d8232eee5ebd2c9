import { defineProject } from "vitest/config";

export default defineProject({
  // Sibling packages from their sources (the "source" export condition), so a test never runs
  // against another package's stale dist/; the rest are Vite's default server conditions.
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  test: {
    name: "types",
    // Test files share their worker's modules, as the sandbox's do (see its vitest.config.ts).
    isolate: false,
    include: ["src/**/*.test.ts"],
    typecheck: {
      enabled: true,
      only: false,
      include: ["src/**/*.test-d.ts"],
      tsconfig: "./tsconfig.test.json",
    },
  },
});
