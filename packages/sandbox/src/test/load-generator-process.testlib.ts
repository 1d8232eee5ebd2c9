// The load generator (`load-generator.testlib.ts`) in a process of its own, for the sandbox's
// benches: forked once, then sent one plan at a time. It runs with `--expose-gc` so that it can
// collect the garbage of building a round's bodies before the round's clock starts.
import { fork } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { askChild } from "./ask-child.testlib.js";
import type { LoadPlan, LoadResult } from "./load-generator.testlib.js";

/** A load generator process: `run` sends a plan and resolves with what it saw. */
export interface LoadGenerator {
  run(plan: LoadPlan): Promise<LoadResult>;
  close(): void;
}

/** Forks the load generator. */
export function startLoadGenerator(): LoadGenerator {
  const entry = join(dirname(fileURLToPath(import.meta.url)), "load-generator.testlib.ts");
  const child = fork(entry, [], { execArgv: ["--expose-gc", "--import", "tsx"], stdio: "inherit" });
  return {
    run: (plan) => askChild<LoadResult>(child, plan, "the load generator"),
    close: () => {
      child.kill();
    },
  };
}
