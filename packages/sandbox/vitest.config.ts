import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "sandbox",
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    benchmark: { include: ["src/**/*.bench.ts"] },
  },
});
