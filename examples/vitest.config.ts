import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "examples",
    // The guides of the docs site: the testing guide is itself a test file, and guides.e2e.test.ts
    // runs every other guide program against its own sandbox.
    // callback-frameworks/ mounts the callback handler in Express, Fastify and Hono; workers/ runs the
    // example Workers in workerd, nextjs/ builds the Next.js app with `next build` and serves it.
    // snippet-runs/ runs the README blocks and @examples that call the gateway against a sandbox.
    // php-library/ runs the vendor's PHP library against the sandbox, where php is installed.
    include: [
      "guides/**/*.test.ts",
      "callback-frameworks/*.test.ts",
      "snippet-runs/*.test.ts",
      "php-library/*.test.ts",
      "workers/*.test.ts",
      "nextjs/*.test.ts",
    ],
    testTimeout: 30_000,
  },
});
