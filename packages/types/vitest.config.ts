import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "types",
    include: ["src/**/*.test.ts"],
    typecheck: {
      enabled: true,
      only: false,
      include: ["src/**/*.test-d.ts"],
      tsconfig: "./tsconfig.test.json",
    },
  },
});
