import { readdir, readFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Tests, type tests, test helpers and benchmarks: not part of a package's shipped graph. */
const testFile = /\.(test|test-d|bench|testlib)\.ts$/;

/** Relative module specifiers of a source text: `from "./x.js"`, `import "./x.js"`, `import("./x.js")`, types included. */
export function relativeImportsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)"(\.{1,2}\/[^"]+)\.js"/g)].map((m) => m[1] ?? "");
}

/**
 * Each source file of `packages/<pkg>/src` (tests aside), as a path relative to `src/`, with the
 * files it imports.
 */
export async function importGraph(pkg: string): Promise<Map<string, string[]>> {
  const dir = join(repoRoot, "packages", pkg, "src");
  const files = (await readdir(dir, { recursive: true })).filter(
    (f) => f.endsWith(".ts") && !testFile.test(f) && !f.startsWith(`test${sep}`),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(join(dir, file), "utf8");
    graph.set(file, [...new Set(relativeImportsOf(text).map((spec) => join(dirname(file), `${spec}.ts`)))]);
  }
  return graph;
}

/** The first import cycle found, as the files along it, or undefined. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "open") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * The room of a file: its folder under `src/` (`server/api`), or the file itself when it sits at
 * the top of `src/` (`index.ts`), as a reader of the tree sees the package.
 */
export function roomOf(file: string): string {
  return file.includes(sep) ? dirname(file).split(sep).join("/") : file;
}

/** The graph of rooms: which rooms the files of each room import (a room's own files aside). */
export function roomGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = roomOf(file);
    const edges = rooms.get(from) ?? new Set<string>();
    for (const target of targets) if (roomOf(target) !== from) edges.add(roomOf(target));
    rooms.set(from, edges);
  }
  return new Map([...rooms].map(([room, edges]) => [room, [...edges].sort()]));
}

/** Each import that runs from a room to one on the same or a higher layer, as `from → to`. */
export function importsUpward(
  rooms: ReadonlyMap<string, readonly string[]>,
  layers: readonly (readonly string[])[],
): string[] {
  const layerOf = new Map(layers.flatMap((layer, index) => layer.map((room) => [room, index] as const)));
  return [...rooms].flatMap(([from, targets]) =>
    targets.filter((to) => (layerOf.get(to) ?? -1) <= (layerOf.get(from) ?? Infinity)).map((to) => `${from} → ${to}`),
  );
}

/** The path of a package's `src/` folder. */
export function sourceDir(pkg: string): string {
  return join(repoRoot, "packages", pkg, "src");
}
