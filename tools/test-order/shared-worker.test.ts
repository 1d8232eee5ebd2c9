import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../release/published-packages.ts";

/**
 * What a tools test may not do, since the tools' test files share their worker's modules
 * (`isolate: false` in tools/vitest.config.ts): each of these would reach the next file run in the
 * same worker. A test that needs one belongs in a project whose files are isolated.
 */
const leaks: ReadonlyArray<{ readonly what: string; readonly pattern: RegExp }> = [
  { what: "a module mock", pattern: /\bvi\.(mock|doMock)\(/ },
  { what: "a stubbed global or variable of the environment", pattern: /\bvi\.(stubGlobal|stubEnv)\(/ },
  { what: "fake timers", pattern: /\bvi\.useFakeTimers\(/ },
  { what: "a change of the working folder", pattern: /\bprocess\.chdir\(/ },
  {
    what: "a changed variable of the environment",
    pattern: /\bprocess\.env(\.\w+|\[[^\]]+\])?\s*(\?\?|\|\||&&)?=[^=]|\bdelete process\.env\b/,
  },
  {
    what: "a changed global",
    pattern: /\bglobalThis\.\w+\s*(\?\?|\|\||&&)?=[^=]|\bObject\.assign\(\s*(globalThis|process\.env)\b/,
  },
];

const toolsDir = join(repoRoot, "tools");
const self = "test-order/shared-worker.test.ts";
const testFiles = readdirSync(toolsDir, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.(test|testlib)\.ts$/.test(file) && !file.split("/").includes("node_modules"))
  .filter((file) => file !== self)
  .sort();

describe("the tools' test files, which share their worker's modules", () => {
  it("are found", () => {
    expect(testFiles.length).toBeGreaterThan(30);
  });

  it("change no global, no variable of the environment and no working folder, and mock no module", () => {
    const found = testFiles.flatMap((file) => {
      const text = readFileSync(join(toolsDir, file), "utf8");
      return leaks.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${file}: ${what}`);
    });
    expect(found).toEqual([]);
  });
});
