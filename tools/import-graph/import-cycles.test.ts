import { readdir, readFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const packages = ["types", "signing", "client"];

/** Each source file of a package (tests, test helpers and benchmarks aside) with the relative modules it imports, types included. */
async function importGraph(pkg: string): Promise<Map<string, string[]>> {
  const dir = join(repoRoot, "packages", pkg, "src");
  const files = (await readdir(dir, { recursive: true })).filter(
    (f) => f.endsWith(".ts") && !/\.(test|test-d|bench|testlib)\.ts$/.test(f),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(join(dir, file), "utf8");
    const targets = [...text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)\.js"/g)].map((m) =>
      join(dirname(file), `${m[1]}.ts`),
    );
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

/** The folder of a file under `src/` (`"."` for a file at its top), and the graph of folders that import each other. */
export function folderGraph(files: Map<string, string[]>): Map<string, string[]> {
  const folderOf = (file: string) => (file.includes(sep) ? file.slice(0, file.indexOf(sep)) : ".");
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
    folders.set(from, edges);
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges].sort()]));
}

/**
 * The sandbox's layer rule (architecture.md, "The sandbox's layout"): server → operations → engine
 * → delivery, `spec/` used from above, and nothing imports `cli.ts`, `start-sandbox.ts` or `index.ts`
 * (folder "."). Each folder may import only the folders listed for it.
 */
const sandboxLayers: Record<string, readonly string[]> = {
  ".": ["server", "operations", "engine", "delivery", "spec"],
  server: ["operations", "engine", "delivery", "spec"],
  operations: ["engine", "delivery", "spec"],
  engine: ["delivery", "spec"],
  delivery: [],
  spec: [],
};

/**
 * Known exceptions to the layer rule, each with its reason. Remove one when it is fixed.
 * - delivery → engine: the callback dispatcher and chaos take the engine's `SandboxClock` (a type
 *   import) to schedule retries in sandbox time.
 */
const knownSandboxExceptions = ["delivery → engine"];

describe("the import graph of the published SDK packages", () => {
  it("finds a cycle when there is one", () => {
    expect(
      findCycle(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", ["a.ts"]],
        ]),
      ),
    ).toEqual(["a.ts", "b.ts", "a.ts"]);
    expect(
      findCycle(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toBeUndefined();
  });

  it.each(packages)("has no import cycle in %s", async (pkg) => {
    const graph = await importGraph(pkg);
    expect(graph.size).toBeGreaterThan(2);
    expect(findCycle(graph)).toBeUndefined();
  });
});

describe("the sandbox's folder layers", () => {
  it("groups imports by folder", () => {
    const files = new Map([
      [join("server", "a.ts"), [join("engine", "b.ts"), join("server", "c.ts")]],
      [join("engine", "b.ts"), []],
      ["index.ts", [join("server", "a.ts")]],
    ]);
    expect(folderGraph(files)).toEqual(
      new Map([
        ["server", ["engine"]],
        ["engine", []],
        [".", ["server"]],
      ]),
    );
  });

  it("imports only down the layers, apart from the known exceptions", async () => {
    const folders = folderGraph(await importGraph("sandbox"));
    expect([...folders.keys()].sort()).toEqual(Object.keys(sandboxLayers).sort());
    const breaches = [...folders].flatMap(([from, targets]) =>
      targets.filter((to) => !(sandboxLayers[from] ?? []).includes(to)).map((to) => `${from} → ${to}`),
    );
    expect(breaches).toEqual(knownSandboxExceptions);
  });

  it("has no import cycle between folders once the known exceptions are set aside", async () => {
    const folders = folderGraph(await importGraph("sandbox"));
    const withoutExceptions = new Map(
      [...folders].map(([from, targets]) => [
        from,
        targets.filter((to) => !knownSandboxExceptions.includes(`${from} → ${to}`)),
      ]),
    );
    expect(findCycle(withoutExceptions)).toBeUndefined();
  });

  it.each(["engine", "operations"])(
    "keeps HTTP out of %s/ (the server reads requests and writes replies)",
    async (folder) => {
      const dir = join(repoRoot, "packages", "sandbox", "src", folder);
      const files = (await readdir(dir)).filter(
        (f) => f.endsWith(".ts") && !/\.(test|test-d|bench|testlib)\.ts$/.test(f),
      );
      expect(files.length).toBeGreaterThan(2);
      const withHttp = [];
      for (const file of files)
        if (/\bfrom\s+"node:https?"/.test(await readFile(join(dir, file), "utf8"))) withHttp.push(file);
      expect(withHttp).toEqual([]);
    },
  );
});
