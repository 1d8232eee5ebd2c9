import { describe, expect, it } from "vitest";
import { unresolvedSourceMaps } from "./source-maps.ts";

const map = (sources: string[], sourcesContent?: Array<string | null>) =>
  Buffer.from(JSON.stringify({ version: 3, file: "x.js", sources, sourcesContent, mappings: "" }));

describe("unresolvedSourceMaps", () => {
  it("accepts maps whose sources the package holds, and a sourceMappingURL naming a shipped map", () => {
    const files = new Map([
      ["dist/engine/orders/order.js", Buffer.from("export {};\n//# sourceMappingURL=order.js.map")],
      ["dist/engine/orders/order.js.map", map(["../../../src/engine/orders/order.ts"])],
      ["dist/engine/orders/order.d.ts", Buffer.from("export {};\n//# sourceMappingURL=order.d.ts.map\n")],
      ["dist/engine/orders/order.d.ts.map", map(["../../../src/engine/orders/order.ts"])],
      ["src/engine/orders/order.ts", Buffer.from("export {};\n")],
    ]);
    expect(unresolvedSourceMaps(files)).toEqual([]);
  });

  it("names each source a map lists that the package does not hold", () => {
    const files = new Map([
      ["dist/index.js.map", map(["../src/index.ts", "../src/other.ts"])],
      ["src/index.ts", Buffer.from("")],
    ]);
    expect(unresolvedSourceMaps(files)).toEqual([
      "dist/index.js.map: source ../src/other.ts (src/other.ts) is not in the package",
    ]);
  });

  it("accepts a source carried in sourcesContent, and an inline data: map", () => {
    const files = new Map([
      ["dist/index.js.map", map(["../src/index.ts"], ["export {};\n"])],
      ["dist/inline.js", Buffer.from("//# sourceMappingURL=data:application/json;base64,e30=")],
    ]);
    expect(unresolvedSourceMaps(files)).toEqual([]);
  });

  it("names a sourceMappingURL whose map is missing, and a map that is not JSON", () => {
    const files = new Map([
      ["dist/index.js", Buffer.from("export {};\n//# sourceMappingURL=index.js.map")],
      ["dist/broken.js.map", Buffer.from("{")],
    ]);
    expect(unresolvedSourceMaps(files)).toEqual([
      "dist/broken.js.map: not JSON",
      "dist/index.js: its sourceMappingURL names dist/index.js.map, which the package does not hold",
    ]);
  });
});
