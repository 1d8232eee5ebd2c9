import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CallbackDispatcher } from "./callback-dispatcher.js";
import type { DeliveryClock } from "./delivery-clock.js";
import { backoffSchedule } from "./retry-schedule.js";

/** A clock the test moves by hand: timers fire only inside `advance`, and `settle` waits for tracked work. */
class TestClock implements DeliveryClock {
  time = Date.UTC(2030, 0, 1);
  readonly #timers: Array<{ at: number; run: () => void }> = [];
  readonly #work = new Set<Promise<unknown>>();

  now(): number {
    return this.time;
  }

  schedule(delayMs: number, run: () => void): void {
    this.#timers.push({ at: this.time + delayMs, run });
  }

  track(work: Promise<unknown>): void {
    this.#work.add(work);
    void work.finally(() => this.#work.delete(work));
  }

  get pendingTimers(): number {
    return this.#timers.length;
  }

  async settle(): Promise<void> {
    while (this.#work.size > 0) await Promise.allSettled([...this.#work]);
  }

  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await this.settle();
      const due = this.#timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.#timers.splice(this.#timers.indexOf(due), 1);
      this.time = due.at;
      due.run();
    }
    this.time = target;
    await this.settle();
  }
}

/** The shop's callback endpoint: answers each GET with the next status of `answers` (200 when none is left). */
let server: Server;
let base = "";
let answers: number[] = [];
let seen: string[] = [];
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? "");
    const status = answers.shift() ?? 200;
    if (status === 0) {
      held.push(response);
      return;
    }
    response.writeHead(status, { "content-type": "text/plain" });
    response.end(status === 200 ? "OK" : "try later");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  answers = [];
  seen = [];
  for (const response of held.splice(0)) response.destroy();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function dispatcher(clock: TestClock, options: { attempts?: number; timeoutMs?: number; chaosWindowMs?: number } = {}) {
  const log: string[] = [];
  const changed: string[] = [];
  const callbacks = new CallbackDispatcher(
    backoffSchedule(options.attempts ?? 3, 250, 2, 1_000),
    options.timeoutMs ?? 5_000,
    clock,
    (line) => log.push(line),
    options.chaosWindowMs,
    (delivery) => changed.push(delivery.orderid),
  );
  return { callbacks, log, changed };
}

const request = (orderid: string) => ({
  url: `${base}/callback?shop=1`,
  target: "server_callback_url" as const,
  orderid,
  params: { status: "approved", orderid, type: "sale" },
});

describe("CallbackDispatcher", () => {
  it("never fetches a sandbox's admin routes or dashboard: the attempt fails at once, without retries", async () => {
    const clock = new TestClock();
    const { callbacks, log } = dispatcher(clock);
    const delivery = callbacks.send({ ...request("1000009"), url: `${base}/paynet/_admin/orders?limit=5` });
    const page = callbacks.send({ ...request("1000010"), url: `${base}/paynet/_dashboard` });
    await clock.advance(10_000);
    expect(seen).toEqual([]);
    for (const refused of [delivery, page]) {
      expect(refused.state).toBe("failed");
      expect(refused.attempts).toEqual([
        { at: "2030-01-01T00:00:00.000Z", error: expect.stringMatching(/^refused: /) },
      ]);
    }
    expect(clock.pendingTimers).toBe(0);
    expect(log.join("\n")).toContain("is a sandbox's admin route, never a callback address");
  });

  it("sends a callback by GET with its parameters in the query and marks it delivered on 200", async () => {
    const clock = new TestClock();
    const { callbacks, log, changed } = dispatcher(clock);
    const delivery = callbacks.send(request("1000001"));
    await clock.settle();
    expect(seen).toEqual(["/callback?shop=1&status=approved&orderid=1000001&type=sale"]);
    expect(delivery).toMatchObject({
      id: 1,
      orderid: "1000001",
      status: "approved",
      type: "sale",
      reason: "callback",
      state: "delivered",
      nextAttemptAt: null,
    });
    expect(delivery.attempts).toEqual([{ at: "2030-01-01T00:00:00.000Z", httpStatus: 200, answer: "OK" }]);
    expect(log).toEqual([
      `callback order=1000001 #1 type=sale status=approved attempt=1 -> 200 delivered to ${base}/callback`,
    ]);
    expect(changed.length).toBeGreaterThanOrEqual(2);
  });

  it("retries on the schedule in the injected clock's time, and not a moment before", async () => {
    const clock = new TestClock();
    const { callbacks } = dispatcher(clock);
    answers = [500, 503];
    const delivery = callbacks.send(request("1000002"));
    await clock.settle();
    expect(delivery.state).toBe("pending");
    expect(delivery.attempts).toEqual([{ at: "2030-01-01T00:00:00.000Z", httpStatus: 500, answer: "try later" }]);
    expect(delivery.nextAttemptAt).toBe("2030-01-01T00:00:00.250Z");
    await clock.advance(249);
    expect(seen).toHaveLength(1);
    await clock.advance(1);
    expect(seen).toHaveLength(2);
    expect(delivery.nextAttemptAt).toBe("2030-01-01T00:00:00.750Z");
    await clock.advance(500);
    expect(delivery.attempts.map((a) => [a.at, a.httpStatus])).toEqual([
      ["2030-01-01T00:00:00.000Z", 500],
      ["2030-01-01T00:00:00.250Z", 503],
      ["2030-01-01T00:00:00.750Z", 200],
    ]);
    expect(delivery.state).toBe("delivered");
  });

  it("gives up after the schedule's last attempt, and schedules nothing more", async () => {
    const clock = new TestClock();
    const { callbacks, log } = dispatcher(clock, { attempts: 2 });
    answers = [500, 500, 500];
    const delivery = callbacks.send(request("1000003"));
    await clock.advance(10_000);
    expect(delivery.state).toBe("failed");
    expect(delivery.attempts).toHaveLength(2);
    expect(delivery.nextAttemptAt).toBeNull();
    expect(clock.pendingTimers).toBe(0);
    expect(seen).toHaveLength(2);
    expect(log.at(-1)).toBe(
      "callback order=1000003 #1 type=sale status=approved attempt=2 -> HTTP 500; giving up after 2 attempts",
    );
  });

  it("counts a shop that does not answer within the timeout as a failed attempt, saying so", async () => {
    const clock = new TestClock();
    const { callbacks } = dispatcher(clock, { attempts: 1, timeoutMs: 200 });
    answers = [0];
    const delivery = callbacks.send(request("1000004"));
    await clock.settle();
    expect(delivery.attempts).toEqual([{ at: "2030-01-01T00:00:00.000Z", error: "no answer within 200 ms" }]);
    expect(delivery.state).toBe("failed");
  });

  it("redelivers as a new delivery that names the one it repeats", async () => {
    const clock = new TestClock();
    const { callbacks } = dispatcher(clock);
    callbacks.send(request("1000005"));
    await clock.settle();
    const again = await callbacks.redeliver(1);
    expect(again).toMatchObject({ id: 2, orderid: "1000005", reason: "redelivery", repeats: 1, state: "delivered" });
    expect(seen).toHaveLength(2);
    expect(await callbacks.redeliver(99)).toBeUndefined();
  });

  it("with chaos, holds a window's callbacks until it closes, then sends them newest first and each once more, oldest first", async () => {
    const clock = new TestClock();
    const { callbacks } = dispatcher(clock, { chaosWindowMs: 1_000 });
    callbacks.send(request("1000006"));
    callbacks.send(request("1000007"));
    await clock.advance(999);
    expect(seen).toEqual([]);
    await clock.advance(1);
    expect(seen.map((url) => new URL(url, base).searchParams.get("orderid"))).toEqual([
      "1000007",
      "1000006",
      "1000006",
      "1000007",
    ]);
    expect(callbacks.deliveries.map((d) => [d.orderid, d.reason, d.repeats ?? null])).toEqual([
      ["1000006", "callback", null],
      ["1000006", "chaos-duplicate", 1],
      ["1000007", "callback", null],
      ["1000007", "chaos-duplicate", 3],
    ]);
  });

  it("forgets every delivery at reset, and an attempt in flight then records nothing and schedules no retry", async () => {
    const clock = new TestClock();
    const { callbacks } = dispatcher(clock);
    answers = [0];
    const delivery = callbacks.send(request("1000008"));
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    callbacks.reset();
    await clock.settle();
    expect(callbacks.deliveries).toEqual([]);
    expect(delivery.attempts).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });
});
