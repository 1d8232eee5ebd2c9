import { defineProject } from "vitest/config";

export default defineProject({
  // Sibling packages from their sources (the "source" export condition), so a test never runs
  // against another package's stale dist/; the rest are Vite's default server conditions.
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  test: {
    name: "signing",
    include: ["src/**/*.test.ts"],
    benchmark: { include: ["src/**/*.bench.ts"] },
  },
});
