import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

// The reference's "Sources" section (spec/openapi.yaml, info.description) states how many nodes are
// still `x-assumed` and lists what the gateway's published docs changed (issue #19). These checks
// keep that text true to the spec it describes.
const spec = JSON.parse(await readFile(new URL("../../packages/types/openapi.json", import.meta.url), "utf8"));
const description: string = spec.info.description;

function countAssumed(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + countAssumed(item), 0);
  if (node === null || typeof node !== "object") return 0;
  return Object.entries(node).reduce(
    (sum, [key, value]) => sum + (key === "x-assumed" && value === true ? 1 : 0) + countAssumed(value),
    0,
  );
}

const sources = description.slice(description.indexOf("## Sources"));
const lines = sources.split("\n");
// Every table row of the section, header rows (the line above a `|---` line) left out.
const rows = lines.filter(
  (line, i) => line.startsWith("| ") && !line.startsWith("|---") && !(lines[i + 1] ?? "").startsWith("|---"),
);

describe("the Sources section of the reference", () => {
  it("states the number of x-assumed nodes the spec has now, and the 44 it had before", () => {
    const stated = /x-assumed` nodes: 44 before [^,]*, (\d+) after/.exec(sources);
    expect(stated?.[1]).toBeDefined();
    expect(countAssumed(spec)).toBe(Number(stated?.[1]));
  });

  it("names, for every changed node, what it was, what it is and the page it comes from", () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      const cells = row.split(" | ");
      expect(cells, row).toHaveLength(4);
      expect(cells[3], row).toMatch(/\.html|PHP/);
    }
  });

  it("lists the API commands index beside the spec: every operation of the spec named, every command left out with a reason", () => {
    const index = sources.slice(sources.indexOf("### The API commands index"), sources.indexOf("### Open question"));
    const indexRows = index.split("\n").filter((line) => line.startsWith("| /"));
    const named = new Set(indexRows.map((row) => row.split(" | ")[1]?.replace(" (added)", "")));
    const operations = Object.values<any>(spec.paths).flatMap((item) => (item.post ? [item.post.operationId] : []));
    const notInIndex = ["makeRebill", "paymentForm"]; // the API description's, with no page of their own
    expect(operations.filter((id) => !named.has(id) && !notInIndex.includes(id))).toEqual([]);
    for (const row of indexRows.filter((line) => line.includes("| left out |")))
      expect(row.split(" | ")[2]?.length ?? 0, row).toBeGreaterThan(20);
  });

  it("records the minor-units question for JPY and KWD instead of answering it", () => {
    expect(sources).toContain("Open question: minor units of JPY and KWD");
    expect(spec.components.schemas.Amount["x-open-question"]).toBe("minor-units-for-non-two-decimal-currencies");
  });
});
