import { describe, expect, it } from "vitest";
import type { GatewayResult } from "../errors/gateway-result.js";
import { NetworkError } from "../errors/network-error.js";
import { ServerError } from "../errors/server-error.js";
import { StatusUnchangedError } from "../errors/status-unchanged-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { PollClock } from "./polling-schedule.js";
import { type PollProgress, pollForFinalStatus } from "./status-poller.js";

type Reply = { status: string };

function fakeClock() {
  const clock = {
    time: 0,
    sleeps: [] as number[],
    queriedAt: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      clock.sleeps.push(ms);
      clock.time += ms;
    },
  };
  return clock satisfies PollClock;
}

const ok = (status: string): GatewayResult<Reply> => ({
  data: { status },
  response: new Response(null, { status: 200 }),
});

function queryFrom(
  clock: ReturnType<typeof fakeClock>,
  answer: (attempt: number, time: number) => GatewayResult<Reply>,
) {
  let attempt = 0;
  return async () => {
    clock.queriedAt.push(clock.time);
    return answer(++attempt, clock.time);
  };
}

describe("pollForFinalStatus", () => {
  it("polls every 3 s for 5 minutes, then every 5 minutes, and gives up after an hour without change", async () => {
    const clock = fakeClock();
    const result = await pollForFinalStatus(
      queryFrom(clock, () => ok("processing")),
      { clock, random: () => 0 },
    );
    expect(result.error).toBeInstanceOf(StatusUnchangedError);
    expect(result.error).toMatchObject({
      code: "ERR_STATUS_UNCHANGED",
      unchangedForMs: 3_600_000,
      lastStatus: "processing",
      outcome: "unknown",
    });
    expect(clock.sleeps.slice(0, 100)).toEqual(Array(100).fill(3_000));
    expect(clock.sleeps.slice(100)).toEqual(Array(11).fill(300_000));
    expect(clock.queriedAt.at(-1)).toBe(3_600_000);
    expect(clock.queriedAt).toHaveLength(112);
  });

  it("uses the top of each delay range when random gives 1", async () => {
    const clock = fakeClock();
    await pollForFinalStatus(
      queryFrom(clock, () => ok("processing")),
      { clock, random: () => 1 },
    );
    expect(clock.sleeps.slice(0, 60)).toEqual(Array(60).fill(5_000));
    expect(clock.sleeps[60]).toBe(600_000);
    // The last wait is cut short so the final query lands exactly at the hour.
    expect(clock.queriedAt.at(-1)).toBe(3_600_000);
  });

  it("returns the final status reply as soon as it comes", async () => {
    const clock = fakeClock();
    const result = await pollForFinalStatus(
      queryFrom(clock, (attempt) => ok(attempt < 4 ? "processing" : "approved")),
      {
        clock,
        random: () => 0.5,
      },
    );
    expect(result.data?.status).toBe("approved");
    expect(clock.sleeps).toEqual([4_000, 4_000, 4_000]);
  });

  it("restarts the give-up window when the status changes", async () => {
    const clock = fakeClock();
    const result = await pollForFinalStatus(
      queryFrom(clock, (_attempt, time) => ok(time < 1_800_000 ? "processing" : "unknown")),
      { clock, random: () => 0 },
    );
    expect(result.error).toMatchObject({ code: "ERR_STATUS_UNCHANGED" });
    // First "unknown" at 1 800 000 ms; give up an hour later.
    expect(clock.queriedAt.at(-1)).toBe(1_800_000 + 3_600_000);
  });

  it("retries the status query after transient 500s and network errors, reporting them", async () => {
    const clock = fakeClock();
    const progress: PollProgress[] = [];
    const failures: Array<GatewayResult<Reply>> = [
      { error: new ServerError("busy", { response: new Response(null, { status: 500 }) }), response: undefined },
      { error: new NetworkError("reset"), response: undefined },
      { error: new TimeoutError("late", { timeoutMs: 30_000 }), response: undefined },
    ];
    const result = await pollForFinalStatus(
      queryFrom(clock, (attempt) => failures[attempt - 1] ?? ok("declined")),
      { clock, random: () => 0, onProgress: (p) => progress.push(p) },
    );
    expect(result.data?.status).toBe("declined");
    expect(progress.map((p) => p.error?.code)).toEqual(["ERR_SERVER", "ERR_NETWORK", "ERR_TIMEOUT"]);
    expect(progress.map((p) => p.attempt)).toEqual([1, 2, 3]);
    expect(progress.map((p) => p.elapsedMs)).toEqual([0, 3_000, 6_000]);
  });

  it("returns a refusal at once instead of polling on", async () => {
    const clock = fakeClock();
    const refusal: GatewayResult<Reply> = { error: new ValidationError("unknown order"), response: undefined };
    const result = await pollForFinalStatus(
      queryFrom(clock, () => refusal),
      { clock },
    );
    expect(result).toBe(refusal);
    expect(clock.queriedAt).toEqual([0]);
  });

  it("does not retry a 200 reply of type error", async () => {
    const clock = fakeClock();
    const failure: GatewayResult<Reply> = {
      error: new ServerError("failed", { response: new Response(null, { status: 200 }) }),
      response: undefined,
    };
    const result = await pollForFinalStatus(
      queryFrom(clock, () => failure),
      { clock },
    );
    expect(result).toBe(failure);
    expect(clock.queriedAt).toHaveLength(1);
  });

  it("refuses at once a wait on real timers when the reply says the sandbox's clock is manual", async () => {
    let queries = 0;
    const manual = async (): Promise<GatewayResult<Reply>> => {
      queries += 1;
      return {
        data: { status: "processing" },
        response: new Response(null, { headers: { "X-Sandbox-Clock": "manual" } }),
      };
    };
    await expect(pollForFinalStatus(manual)).rejects.toMatchObject({
      name: "UsageError",
      field: "clock",
      message: expect.stringMatching(/sandboxTime\(sandbox\)/),
    });
    expect(queries).toBe(1);
    const clock = fakeClock();
    const withClock = await pollForFinalStatus(manual, { clock, schedule: { giveUpAfterUnchangedMs: 10_000 } });
    expect(withClock.error).toBeInstanceOf(StatusUnchangedError);
  });

  it("stops when the signal aborts, answering an ERR_ABORTED error rather than rejecting", async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    const polling = pollForFinalStatus(
      queryFrom(clock, () => ok("processing")),
      {
        clock,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.attempt === 2) controller.abort();
        },
      },
    );
    const { error } = await polling;
    expect(error).toMatchObject({ name: "TimeoutError", code: "ERR_ABORTED", outcome: "unknown" });
    expect(error?.cause).toMatchObject({ name: "AbortError" });
    expect(clock.queriedAt).toHaveLength(2);
  });

  it("follows a configured schedule", async () => {
    const clock = fakeClock();
    const result = await pollForFinalStatus(
      queryFrom(clock, () => ok("processing")),
      {
        clock,
        schedule: {
          firstDelayMs: [1_000, 1_000],
          firstPhaseMs: 3_000,
          laterDelayMs: [10_000, 10_000],
          giveUpAfterUnchangedMs: 30_000,
        },
      },
    );
    expect(result.error).toMatchObject({ code: "ERR_STATUS_UNCHANGED", unchangedForMs: 30_000 });
    expect(clock.sleeps).toEqual([1_000, 1_000, 1_000, 10_000, 10_000, 7_000]);
  });

  it("refuses an impossible schedule", async () => {
    await expect(
      pollForFinalStatus(async () => ok("approved"), { schedule: { firstDelayMs: [5_000, 1_000] } }),
    ).rejects.toThrow(/firstDelayMs/);
  });
});
