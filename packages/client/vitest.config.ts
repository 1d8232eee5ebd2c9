import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "client",
    include: ["src/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts"],
      tsconfig: "./tsconfig.test.json",
    },
    benchmark: { include: ["test/**/*.bench.ts"] },
  },
});
