import { describe, expect, it } from "vitest";
import { backoffSchedule, documentedRetryDelaysMs, documentedSchedule } from "./retry-schedule.js";

const DAY = 24 * 60 * 60 * 1000;

describe("documented callback schedule", () => {
  it("makes 30 deliveries in all, the last within 14 days of the first", () => {
    const schedule = documentedSchedule();
    const waits: number[] = [];
    for (let n = 1; schedule.delayAfter(n) !== undefined; n++) waits.push(schedule.delayAfter(n) ?? 0);
    expect(waits).toHaveLength(29);
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(14 * DAY);
    expect(total).toBeGreaterThan(13 * DAY);
  });

  it("never waits less than the wait before", () => {
    for (let i = 1; i < documentedRetryDelaysMs.length; i++) {
      expect(documentedRetryDelaysMs[i]).toBeGreaterThanOrEqual(documentedRetryDelaysMs[i - 1] ?? 0);
    }
  });

  it("cuts the schedule to fewer attempts when asked", () => {
    const schedule = documentedSchedule(3);
    expect([schedule.delayAfter(1), schedule.delayAfter(2), schedule.delayAfter(3)]).toEqual([
      60_000,
      120_000,
      undefined,
    ]);
  });
});

describe("backoff schedule", () => {
  it("grows by the factor up to the maximum and stops after the attempts", () => {
    const schedule = backoffSchedule(5, 100, 3, 500);
    expect([1, 2, 3, 4, 5].map((n) => schedule.delayAfter(n))).toEqual([100, 300, 500, 500, undefined]);
  });
});
