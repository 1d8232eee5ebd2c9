import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findCycle, importGraph, importsUpward, relativeImportsOf, roomGraph, roomOf } from "./import-graph.js";

const packages = ["types", "signing", "client", "sandbox"];

describe("the import graph helpers", () => {
  it("read value, type, re-export, side-effect and dynamic imports, and nothing from packages", () => {
    const text = [
      'import { a } from "./a.js";',
      'import type { B } from "../b/b.js";',
      'export { c } from "./c.js";',
      'import "./d.js";',
      'const e = await import("./e.js");',
      'import { f } from "@card-processing/types";',
      'import { g } from "node:http";',
    ].join("\n");
    expect(relativeImportsOf(text)).toEqual(["./a", "../b/b", "./c", "./d", "./e"]);
  });

  it("find a cycle when there is one, and none when there is none", () => {
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
          ["b.ts", ["c.ts"]],
          ["c.ts", ["a.ts"]],
        ]),
      ),
    ).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
    expect(
      findCycle(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toBeUndefined();
  });

  it("make each folder one room and each file at the top of src its own room", () => {
    expect(roomOf("index.ts")).toBe("index.ts");
    expect(roomOf(join("server", "router.ts"))).toBe("server");
    expect(roomOf(join("server", "api", "api-route.ts"))).toBe("server/api");
    const files = new Map([
      [join("server", "a.ts"), [join("engine", "b.ts"), join("server", "c.ts")]],
      [join("engine", "b.ts"), []],
      ["index.ts", [join("server", "a.ts")]],
    ]);
    expect(roomGraph(files)).toEqual(
      new Map([
        ["server", ["engine"]],
        ["engine", []],
        ["index.ts", ["server"]],
      ]),
    );
  });

  it("name every import that runs to the same or a higher layer", () => {
    const rooms = new Map([
      ["top", ["low"]],
      ["low", ["top", "side"]],
      ["side", []],
    ]);
    expect(importsUpward(rooms, [["top"], ["low", "side"]])).toEqual(["low → top", "low → side"]);
    expect(
      importsUpward(
        new Map([
          ["top", ["low"]],
          ["low", []],
        ]),
        [["top"], ["low"]],
      ),
    ).toEqual([]);
  });
});

describe.each(packages)("the import graph of %s", (pkg) => {
  it("has no cycle between files, type imports included", async () => {
    const graph = await importGraph(pkg);
    expect(graph.size).toBeGreaterThan(2);
    expect(findCycle(graph)).toBeUndefined();
  });

  it("has no cycle between rooms (folders, and the files at the top of src)", async () => {
    const rooms = roomGraph(await importGraph(pkg));
    expect(rooms.size).toBeGreaterThan(1);
    expect(findCycle(rooms)).toBeUndefined();
  });
});
