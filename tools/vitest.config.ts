import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "tools",
    // Test files share their worker's modules, as the packages' do (see packages/sandbox's
    // vitest.config.ts): no file mocks a module, stubs a global or changes process.env or the
    // working folder (test-order/shared-worker.test.ts holds it), and the tools' modules keep no
    // state a test changes (211 CPU-s isolated, 168 and 178 shared, two runs each without CI).
    isolate: false,
    include: ["**/*.test.ts"],
    testTimeout: 60_000,
  },
});
