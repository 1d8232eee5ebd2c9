import { describe, expect, it } from "vitest";
import { occurrenceAt } from "./recurring-charges.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("occurrenceAt", () => {
  it("adds days and weeks as fixed lengths of time", () => {
    const anchor = at("2030-03-30T09:15:00Z");
    expect(iso(occurrenceAt(anchor, "day", 3, 0))).toBe("2030-03-30T09:15:00.000Z");
    expect(iso(occurrenceAt(anchor, "day", 3, 2))).toBe("2030-04-05T09:15:00.000Z");
    expect(iso(occurrenceAt(anchor, "week", 2, 1))).toBe("2030-04-13T09:15:00.000Z");
  });

  it("follows the calendar by months, a charge on the 31st falling on the last day of shorter months", () => {
    const anchor = at("2030-01-31T08:00:00Z");
    expect([1, 2, 3, 13].map((n) => iso(occurrenceAt(anchor, "month", 1, n)))).toEqual([
      "2030-02-28T08:00:00.000Z",
      "2030-03-31T08:00:00.000Z",
      "2030-04-30T08:00:00.000Z",
      "2031-02-28T08:00:00.000Z",
    ]);
    expect(iso(occurrenceAt(at("2031-11-30T00:00:00Z"), "month", 3, 1))).toBe("2032-02-29T00:00:00.000Z");
  });
});
