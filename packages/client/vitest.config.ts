import { defineProject } from "vitest/config";

export default defineProject({
  // Sibling packages from their sources (the "source" export condition), so a test never runs
  // against another package's stale dist/; the rest are Vite's default server conditions but
  // "module", which would pick OpenTelemetry's ESM build, whose imports Node cannot resolve.
  ssr: { resolve: { conditions: ["source", "node", "development|production"] } },
  test: {
    name: "client",
    // Test files share their worker's modules, as the sandbox's do (see its vitest.config.ts): a
    // test that changes a global (`Response`, `Date`, a spy) puts it back in a `finally` (87 CPU-s
    // isolated, 60 shared).
    isolate: false,
    include: ["src/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts"],
      // Only the type tests and what they import: the whole package is type-checked by its
      // `typecheck` script, and vitest runs these last, alone (tsc over the whole package cost
      // 11.9 CPU-s, over these files 8.2).
      tsconfig: "./tsconfig.type-tests.json",
    },
    benchmark: { include: ["test/**/*.bench.ts"] },
  },
});
