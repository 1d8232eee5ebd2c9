import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "sandbox",
    include: ["src/**/*.test.ts"],
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
