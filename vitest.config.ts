import { defineConfig } from "vitest/config";
import { LongFirstSequencer } from "./tools/test-order/long-first-sequencer.ts";

export default defineConfig({
  test: {
    // One test file per core at once (vitest's default leaves one core free: a single worker on CI's
    // two): most files wait on servers, child processes and browsers, not on the CPU. The timed
    // checks still run alone, after the rest (packages/sandbox/vitest.timing.config.ts), and so do the
    // examples that load the machine most (examples/vitest.alone.config.ts).
    maxWorkers: "100%",
    // The longest files start first, so that none of them runs alone at the end of its group.
    sequence: { sequencer: LongFirstSequencer },
    // Listed one by one: an app folder of the repository with its own vitest.config.ts runs alone
    // when vitest is started in it, and joins `pnpm test` only by being named here.
    // The sandbox's timed checks and the heaviest examples are projects of their own that run last, alone.
    projects: [
      "packages/*",
      "packages/sandbox/vitest.timing.config.ts",
      "tools",
      "docs",
      "examples",
      "examples/vitest.alone.config.ts",
      "examples/08-tested-shop",
    ],
  },
});
