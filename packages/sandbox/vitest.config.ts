import { defineProject } from "vitest/config";

export default defineProject({
  // Sibling packages from their sources (the "source" export condition), so a test never runs
  // against another package's stale dist/; the rest are Vite's default server conditions but
  // "module", which would pick OpenTelemetry's ESM build, whose imports Node cannot resolve.
  ssr: { resolve: { conditions: ["source", "node", "development|production"] } },
  test: {
    name: "sandbox",
    include: ["src/**/*.test.ts"],
    // Timed browser checks run alone, after every other test (vitest.timing.config.ts).
    exclude: ["src/**/*.timing.test.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    benchmark: { include: ["src/**/*.bench.ts"] },
  },
});
