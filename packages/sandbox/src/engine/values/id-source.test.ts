import { describe, expect, it } from "vitest";
import { IdSource } from "./id-source.js";

describe("IdSource", () => {
  it("gives random ids of the asked length that never repeat, across refills of its random pool", () => {
    const ids = new IdSource(undefined);
    const seen = new Set<string>();
    // 12 bytes each: 2,000 ids draw the 4 KiB pool about six times, with a remainder left unused.
    for (let i = 0; i < 2_000; i += 1) {
      const id = ids.hex(12);
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(2_000);
    expect(new IdSource(undefined).hex(8)).not.toBe(new IdSource(undefined).hex(8));
  });

  it("gives the same ids for the same seed, and starts over on restart", () => {
    const a = new IdSource("seed");
    const b = new IdSource("seed");
    const first = [a.hex(8), a.hex(12)];
    expect([b.hex(8), b.hex(12)]).toEqual(first);
    a.restart();
    expect(a.hex(8)).toBe(first[0]);
    expect(new IdSource("other").hex(8)).not.toBe(first[0]);
  });
});
