import { readdir, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const packages = ["types", "signing", "client"];

/** Each source file of a package (tests and benchmarks aside) with the relative modules it imports, types included. */
async function importGraph(pkg: string): Promise<Map<string, string[]>> {
  const dir = join(repoRoot, "packages", pkg, "src");
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".ts") && !/\.(test|test-d|bench)\.ts$/.test(f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(join(dir, file), "utf8");
    const targets = [...text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)\.js"/g)].map((m) => join(dirname(file), `${m[1]}.ts`));
    graph.set(file, targets);
  }
  return graph;
}

/** The first import cycle found, as the files along it, or undefined. */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === "done") return undefined;
    if (state.get(file) === "open") return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, "done");
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("the import graph of the published SDK packages", () => {
  it("finds a cycle when there is one", () => {
    expect(findCycle(new Map([["a.ts", ["b.ts"]], ["b.ts", ["a.ts"]]]))).toEqual(["a.ts", "b.ts", "a.ts"]);
    expect(findCycle(new Map([["a.ts", ["b.ts"]], ["b.ts", []]]))).toBeUndefined();
  });

  it.each(packages)("has no import cycle in %s", async (pkg) => {
    const graph = await importGraph(pkg);
    expect(graph.size).toBeGreaterThan(2);
    expect(findCycle(graph)).toBeUndefined();
  });
});
