import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../release/published-packages.ts";
import { longFiles } from "./long-first-sequencer.ts";

describe("the long files' list", () => {
  // A renamed or split file would silently lose its early start (the order never fails a test).
  it("names only test files that exist, each once", () => {
    expect(longFiles.filter((file) => !existsSync(join(repoRoot, file)))).toEqual([]);
    expect(new Set(longFiles).size).toBe(longFiles.length);
    for (const file of longFiles) expect(file).toMatch(/\.test\.ts$/);
  });
});
