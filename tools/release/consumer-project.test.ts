import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumerResolutions, consumerTsconfigs, typeCheckConsumer, typescriptCompilers } from "./consumer-project.ts";

const run = promisify(execFile);

// Two small consumers, each an ES module with an `import type` of a built-in: one right, one wrong
// under every setting (a string typed as a number) and, in a Worker's project alone, wrong twice (a
// DOM-only name), so a compiler that is missing or checks nothing cannot pass both, and an error
// reported under the wrong config shows.
const right = "export const total: number = [1, 2].reduce((a, b) => a + b, 0);\nexport type Url = URL;\n";
const wrong = "export const total: string = [1, 2].reduce((a, b) => a + b, 0);\nexport type Div = HTMLDivElement;\n";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "consumer-typecheck-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the consumer type checks of the release checks", () => {
  it("run TypeScript 5.9 and TypeScript 7, each its own version", async () => {
    const versions = await Promise.all(
      typescriptCompilers.map(async (c) => (await run(process.execPath, [c.tsc, "--version"])).stdout.trim()),
    );
    expect(versions).toEqual([expect.stringMatching(/^Version 5\.9\./), expect.stringMatching(/^Version 7\./)]);
  });

  it("pass a right consumer and fail a wrong one under every compiler and resolution, each error under its config", async () => {
    const rightDir = join(dir, "right");
    const wrongDir = join(dir, "wrong");
    for (const [folder, text] of [
      [rightDir, right],
      [wrongDir, wrong],
    ] as const) {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, "package.json"), '{ "type": "module" }\n');
      await writeFile(join(folder, "consumer.mts"), text);
      for (const [file, config] of Object.entries(consumerTsconfigs("consumer.mts"))) {
        await writeFile(join(folder, file), config);
      }
    }
    const expected = typescriptCompilers.flatMap((c) =>
      consumerResolutions.map((r) => `TypeScript ${c.version} tsconfig.${r}.json`),
    );
    const [rightChecks, wrongChecks] = await Promise.all([typeCheckConsumer(rightDir), typeCheckConsumer(wrongDir)]);
    expect(rightChecks.map((c) => `TypeScript ${c.typescript} ${c.config}`)).toEqual(expected);
    for (const c of rightChecks) expect(c.ok, c.output).toBe(true);
    expect(wrongChecks.filter((c) => !c.ok && /TS2322/.test(c.output))).toHaveLength(expected.length);
    // "Cannot find name 'HTMLDivElement'" in the Worker's project only, under each compiler.
    expect(wrongChecks.filter((c) => /TS2304/.test(c.output)).map((c) => `${c.typescript} ${c.config}`)).toEqual(
      typescriptCompilers.map((c) => `${c.version} tsconfig.workers.json`),
    );
  }, 120_000);

  it("fail a config the compiler never built, naming it", async () => {
    const missingDir = join(dir, "missing");
    await mkdir(missingDir, { recursive: true });
    await writeFile(join(missingDir, "consumer.mts"), right);
    const checks = await typeCheckConsumer(missingDir, typescriptCompilers, ["node16"]);
    expect(checks.map((c) => [c.typescript, c.config, c.ok])).toEqual(
      typescriptCompilers.map((c) => [c.version, "tsconfig.node16.json", false]),
    );
    for (const c of checks) expect(c.output).toContain("never built");
  });
});
