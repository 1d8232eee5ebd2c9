import { defineProject } from "vitest/config";
import examples, { runAlone } from "./vitest.config.js";

/**
 * The examples of `runAlone`, which load the machine most and fail when another test file shares
 * its two cores, run after every other project, one file at a time, beside the sandbox's timed
 * checks (`sequence.groupOrder` 1, as packages/sandbox/vitest.timing.config.ts).
 */
export default defineProject({
  test: {
    name: "examples-alone",
    include: [...runAlone],
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    ...(examples.test?.testTimeout === undefined ? {} : { testTimeout: examples.test.testTimeout }),
  },
});
