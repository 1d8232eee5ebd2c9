import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "tools",
    include: ["**/*.test.ts"],
    testTimeout: 60_000,
  },
});
