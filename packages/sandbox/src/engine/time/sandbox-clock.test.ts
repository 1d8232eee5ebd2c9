import { describe, expect, it } from "vitest";
import { SandboxClock } from "./sandbox-clock.js";

function manualClock(failures: unknown[] = []): SandboxClock {
  return new SandboxClock("manual", 1, (_what, error) => failures.push(error));
}

describe("SandboxClock (manual)", () => {
  it("fires nothing until advanced, then each due timer in time order at its own time", async () => {
    const clock = manualClock();
    const start = clock.now();
    const seen: Array<[string, number]> = [];
    clock.schedule(300, () => seen.push(["late", clock.now() - start]));
    clock.schedule(100, () => seen.push(["early", clock.now() - start]));
    clock.schedule(5_000, () => seen.push(["outside", clock.now() - start]));
    expect(seen).toEqual([]);
    expect(await clock.advance(1_000)).toBe(2);
    expect(seen).toEqual([
      ["early", 100],
      ["late", 300],
    ]);
    expect(clock.now() - start).toBe(1_000);
  });

  it("runs timers that due timers schedule within the same advance", async () => {
    const clock = manualClock();
    let count = 0;
    const tick = () => {
      count += 1;
      clock.schedule(10, tick);
    };
    clock.schedule(10, tick);
    expect(await clock.advance(55)).toBe(5);
    expect(count).toBe(5);
  });

  it("waits for tracked background work before firing the next timer", async () => {
    const clock = manualClock();
    const order: string[] = [];
    clock.schedule(1, () => {
      clock.track(Promise.resolve().then(() => order.push("work of first")));
    });
    clock.schedule(2, () => order.push("second"));
    await clock.advance(2);
    expect(order).toEqual(["work of first", "second"]);
  });

  it("keeps running after a timer throws, and reports the failure", async () => {
    const failures: unknown[] = [];
    const clock = manualClock(failures);
    let ran = false;
    clock.schedule(1, () => {
      throw new Error("boom");
    });
    clock.schedule(2, () => {
      ran = true;
    });
    expect(await clock.advance(5)).toBe(2);
    expect(ran).toBe(true);
    expect(failures).toHaveLength(1);
  });

  it("cancels timers and refuses a negative or non-numeric advance", async () => {
    const clock = manualClock();
    let ran = false;
    const handle = clock.schedule(1, () => {
      ran = true;
    });
    clock.cancel(handle);
    expect(await clock.advance(10)).toBe(0);
    expect(ran).toBe(false);
    await expect(clock.advance(-1)).rejects.toThrow(/advance_ms/);
    await expect(clock.advance(Number.NaN)).rejects.toThrow(/advance_ms/);
  });
});

describe("SandboxClock (real)", () => {
  it("refuses advance and runs time faster by its time scale", async () => {
    const clock = new SandboxClock("real", 1_000, () => {});
    await expect(clock.advance(1)).rejects.toThrow(/real/);
    const start = clock.now();
    const fired = await new Promise<number>((resolve) => clock.schedule(60_000, () => resolve(clock.now() - start)));
    expect(fired).toBeGreaterThanOrEqual(60_000);
    clock.clear();
  });
});
