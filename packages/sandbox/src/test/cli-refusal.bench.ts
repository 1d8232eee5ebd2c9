import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, bench, describe } from "vitest";

// How fast the CLI refuses a wrong flag (issue 52): `node dist/cli/main.js --no-such-option`
// against `node -e 0`, each a fresh process of the Node running the bench, interleaved (the order
// rotating each round) and compared by median, so load on the machine favours neither. The CLI
// reads and checks its flags before it loads the sandbox, so a refusal costs little more than
// node's own start. Goal (tools/bench/bench-goals.json): a limit in all, node's start included, on a quiet machine; the
// summary prints the CLI's median, bare node's, and the difference, which depends less on how
// busy the machine is. `pnpm bench` builds dist/ first. BENCH_CLI_ROUNDS sets the rounds.
const ROUNDS = Number(process.env["BENCH_CLI_ROUNDS"] ?? 20);
const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const GOAL_MS = (
  JSON.parse(readFileSync(new URL("../../../../tools/bench/bench-goals.json", import.meta.url), "utf8")) as {
    readonly cliRefusalMs: { readonly atMost: number };
  }
).cliRefusalMs.atMost;

/** Wall time of one fresh `node ...args`, with its exit code and what it wrote to stderr. */
function timed(args: string[]): Promise<{ ms: number; code: number; stderr: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, args, (error, _stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      resolve({ ms: performance.now() - started, code, stderr });
    });
  });
}

const refusals: number[] = [];
const bare: number[] = [];
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

afterAll(() => {
  if (refusals.length === 0) return;
  const [cliMs, nodeMs] = [median(refusals), median(bare)];
  console.log(
    `[cli bench] over ${refusals.length} runs, medians: the CLI refusing --no-such-option ${cliMs.toFixed(0)} ms, ` +
      `node -e 0 ${nodeMs.toFixed(0)} ms: ${(cliMs - nodeMs).toFixed(0)} ms more, ${(cliMs / nodeMs).toFixed(2)}x; ` +
      `goal at most ${GOAL_MS} ms with node's start: ${cliMs <= GOAL_MS ? "met" : "missed"}`,
  );
});

describe("the CLI refusing a wrong flag", () => {
  bench(
    "node dist/cli/main.js --no-such-option against node -e 0",
    async () => {
      if (!existsSync(cli)) throw new Error(`${cli} is missing: build the sandbox first (pnpm bench does)`);
      for (let round = 0; round < ROUNDS; round++) {
        const pair = [() => timed([cli, "--no-such-option"]), () => timed(["-e", "0"])] as const;
        const [first, second] = round % 2 === 0 ? pair : ([pair[1], pair[0]] as const);
        const a = await first();
        const b = await second();
        const [refusal, node] = round % 2 === 0 ? [a, b] : [b, a];
        if (refusal.code !== 2 || !refusal.stderr.includes("Unknown option '--no-such-option'"))
          throw new Error(`the CLI did not refuse the flag: exit ${refusal.code}, ${refusal.stderr.slice(0, 200)}`);
        refusals.push(refusal.ms);
        bare.push(node.ms);
      }
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
