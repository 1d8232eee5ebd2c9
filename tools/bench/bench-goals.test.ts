import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

// The goals `pnpm bench` prints against are stated once, in bench-goals.json, and each bench file
// reads the ones it measures from there. These checks keep the file and its readers in step: no
// bench reads a goal that is not there, no goal is left that no bench reads, and each goal is one
// limit a median can be held to.
const root = new URL("../../", import.meta.url);
const goals = JSON.parse(await readFile(new URL("tools/bench/bench-goals.json", root), "utf8")) as Record<
  string,
  unknown
>;
const names = Object.keys(goals).filter((name) => name !== "$comment");

async function benchFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const dir of ["packages/client/test", "packages/sandbox/src/test"]) {
    for (const file of await readdir(new URL(dir, root))) {
      if (file.endsWith(".bench.ts"))
        files.set(`${dir}/${file}`, await readFile(new URL(`${dir}/${file}`, root), "utf8"));
    }
  }
  return files;
}

/** The goal names a bench file reads: `goals.name`, `(...).name.atMost`, or a name in its goals type. */
function goalsRead(text: string): string[] {
  if (!text.includes("tools/bench/bench-goals.json")) return [];
  const read = [
    ...text.matchAll(/(?<![\w-])goals\.(\w+)/g),
    ...text.matchAll(/\)\.(\w+)\.at(?:Most|Least)\b/g),
    ...text.matchAll(/\|\s*"(\w+)"/g),
  ].map((m) => m[1] as string);
  return [...new Set(read)];
}

describe("the bench goals", () => {
  it("are each one limit, at most or at least, with its unit and where it was set", () => {
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const goal = goals[name] as Record<string, unknown>;
      const limits = ["atMost", "atLeast"].filter((key) => key in goal);
      expect(limits, name).toHaveLength(1);
      const limit = goal[limits[0] as string];
      expect(typeof limit === "number" && Number.isFinite(limit) && limit > 0, name).toBe(true);
      expect(["x", "ms"], name).toContain(goal["unit"]);
      expect(goal["set"], name).toMatch(/\S/);
      expect(goal["what"], name).toMatch(/\.bench\.ts\)$/);
    }
  });

  it("are read by the bench files from bench-goals.json only: none missing, none unread", async () => {
    const files = await benchFiles();
    const read = new Set<string>();
    for (const [file, text] of files) {
      for (const name of goalsRead(text)) {
        expect(names, `${file} reads the goal "${name}"`).toContain(name);
        read.add(name);
      }
    }
    expect(names.filter((name) => !read.has(name))).toEqual([]);
    // Each goal names the bench file that measures it, and that file reads it.
    for (const name of names) {
      const file = /\(([^()]+\.bench\.ts)\)$/.exec(String((goals[name] as { what: string }).what))?.[1];
      expect(goalsRead(files.get(file ?? "") ?? ""), `${name} in ${file}`).toContain(name);
    }
  });

  it("finds the goals a bench file reads, and none in a file that does not read the goals file", () => {
    const reader = `const goals = JSON.parse(readFileSync(new URL("../tools/bench/bench-goals.json")));
      goals.coldStartToByHand.atMost; (x).cliRefusalMs.atMost; type T = { readonly [n in | "durableToInMemoryThroughput"]: G }`;
    expect(goalsRead(reader).sort()).toEqual(["cliRefusalMs", "coldStartToByHand", "durableToInMemoryThroughput"]);
    expect(goalsRead("goals.coldStartToByHand")).toEqual([]);
  });
});
