import { defineProject } from "vitest/config";

export default defineProject({
  // Sibling packages from their sources (the "source" export condition), so a test never runs
  // against another package's stale dist/; the rest are Vite's default server conditions but
  // "module", which would pick OpenTelemetry's ESM build, whose imports Node cannot resolve.
  ssr: { resolve: { conditions: ["source", "node", "development|production"] } },
  test: {
    name: "sandbox",
    // Test files share their worker's modules (vitest's "Improving Performance" guide): each file
    // starts and closes its own sandboxes and leaves no global changed, and loading the sandbox's
    // sources afresh for each of its 120 files took about half of the project's CPU (343 CPU-s
    // isolated, 184 shared; all 958 tests pass either way).
    isolate: false,
    include: ["src/**/*.test.ts"],
    // Timed browser checks run alone, after every other test (vitest.timing.config.ts).
    exclude: ["src/**/*.timing.test.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts"],
      // Only the type tests and what they import: the whole package is type-checked by its
      // `typecheck` script, and vitest runs these last, alone (tsc over the whole package cost
      // 15.8 CPU-s, over these files 6.5).
      tsconfig: "./tsconfig.type-tests.json",
    },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    benchmark: { include: ["src/**/*.bench.ts"] },
  },
});
