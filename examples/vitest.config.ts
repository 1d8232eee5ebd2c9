import { defineProject } from "vitest/config";

/**
 * The examples that run alone, after the rest (vitest.alone.config.ts): the 1000-event claims test
 * (PGlite, the sandbox and two instances in one process, whose connections reset when another test
 * file starves it) and the guide programs, five at once, whose short timeouts run out then.
 */
export const runAlone = ["callback-frameworks/claims-across-instances.test.ts", "guides/guides.e2e.test.ts"];

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
    exclude: ["**/node_modules/**", ...runAlone],
    testTimeout: 30_000,
  },
});
