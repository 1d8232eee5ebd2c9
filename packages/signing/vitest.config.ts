import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "signing",
    include: ["src/**/*.test.ts"],
    benchmark: { include: ["src/**/*.bench.ts"] },
  },
});
