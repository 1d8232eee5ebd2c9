import { defineProject } from "vitest/config";

export default defineProject({
  // Sibling packages from their sources (the "source" export condition), so a test never runs
  // against another package's stale dist/; the rest are Vite's default server conditions.
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  test: {
    name: "signing",
    // Test files share their worker's modules, as the sandbox's do (see its vitest.config.ts); the
    // spies on Web Crypto are restored in a `finally` (30 CPU-s isolated, 15 shared).
    isolate: false,
    include: ["src/**/*.test.ts"],
    benchmark: { include: ["src/**/*.bench.ts"] },
  },
});
