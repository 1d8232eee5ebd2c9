import { defineProject } from "vitest/config";
import sandbox from "./vitest.config.js";

/**
 * The sandbox's timed checks (`*.timing.test.ts`: the dashboard's first rows within 500 ms at
 * 100,000 orders). They measure the sandbox and Chromium, not the two cores they share with the
 * rest of the suite, so they run after every other project is done (`groupOrder` 1), one file at a
 * time, as vitest's recipe for sequential files shows.
 */
export default defineProject({
  ...(sandbox.ssr === undefined ? {} : { ssr: sandbox.ssr }),
  test: {
    name: "sandbox-timing",
    include: ["src/**/*.timing.test.ts"],
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The sandbox's bench files belong to its main project (vitest.config.ts): by vitest's default
    // include this project ran each of them a second time in `pnpm bench`.
    benchmark: { include: [] },
  },
});
