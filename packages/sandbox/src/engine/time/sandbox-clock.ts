/**
 * `real`: time runs by itself (scaled by `timeScale`); `manual`: time moves only when advanced.
 *
 * @example
 * ```ts
 * import { startSandbox, type ClockMode } from "@card-processing/sandbox";
 * const clock: ClockMode = "manual";
 * const sandbox = await startSandbox({ clock });
 * ```
 */
export type ClockMode = "real" | "manual";

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly run: () => void;
  /** What the timer does, for the log line when it fails ("settlement of order 1000001"). */
  readonly what: string;
  handle?: NodeJS.Timeout;
}

// setTimeout fires at once for delays above 2^31 - 1 ms; longer waits are re-armed in steps.
const LONGEST_TIMEOUT_MS = 2_147_483_647;

/**
 * The sandbox's time: what processing, settlement, callback retries, the 3-D Secure method window
 * and recurring charges wait on. A manual clock fires nothing until `advance()`, which runs every
 * timer that falls due in order, at its own time, waiting for the work each one starts.
 */
export class SandboxClock {
  readonly mode: ClockMode;
  readonly timeScale: number;
  readonly #onFailure: (what: string, error: unknown) => void;
  readonly #timers = new Map<number, Timer>();
  readonly #background = new Set<Promise<unknown>>();
  readonly #realOrigin = Date.now();
  #manualNow = Date.now();
  /** Added to real time so a restarted sandbox's clock never runs behind the time it stopped at. */
  #offset = 0;
  #seq = 0;
  #advancing: Promise<unknown> = Promise.resolve();

  constructor(mode: ClockMode, timeScale: number, onFailure: (what: string, error: unknown) => void) {
    this.mode = mode;
    this.timeScale = timeScale;
    this.#onFailure = onFailure;
  }

  /** Sandbox time in milliseconds since the epoch. */
  now(): number {
    if (this.mode === "manual") return this.#manualNow;
    return this.#realOrigin + this.#offset + Math.round((Date.now() - this.#realOrigin) * this.timeScale);
  }

  /**
   * Goes on from `at`, the time a data directory kept: a manual clock stands at it again; a real
   * clock runs on from it when it is ahead of real time (a fast `timeScale`), else from real time.
   */
  resumeFrom(at: number): void {
    if (this.mode === "manual") this.#manualNow = at;
    else this.#offset = Math.max(0, at - this.now());
  }

  /** Runs `run` after `delayMs` of sandbox time; an infinite delay never runs. Returns a handle for `cancel`. */
  schedule(delayMs: number, run: () => void, what = "timer"): number {
    const seq = ++this.#seq;
    if (!Number.isFinite(delayMs)) return seq;
    const timer: Timer = { at: this.now() + Math.max(0, delayMs), seq, run, what };
    this.#timers.set(seq, timer);
    if (this.mode === "real") this.#arm(timer);
    return seq;
  }

  #arm(timer: Timer): void {
    const wait = (timer.at - this.now()) / this.timeScale;
    timer.handle = setTimeout(
      () => {
        // Re-armed when not yet due: past the longest timeout, and when Node fired up to a
        // millisecond early by Date.now(), which the time scale turns into a second or more.
        if (this.now() < timer.at) return this.#arm(timer);
        this.#timers.delete(timer.seq);
        this.#fire(timer);
      },
      Math.min(Math.max(0, wait), LONGEST_TIMEOUT_MS),
    );
  }

  #fire(timer: Timer): void {
    try {
      timer.run();
    } catch (error) {
      this.#onFailure(timer.what, error);
    }
  }

  /** Forgets a scheduled run. */
  cancel(handle: number): void {
    const timer = this.#timers.get(handle);
    if (timer?.handle !== undefined) clearTimeout(timer.handle);
    this.#timers.delete(handle);
  }

  /** Background work a timer started (a callback delivery): `advance()` waits for it; its failure is logged. */
  track(work: Promise<unknown>, what = "background work"): void {
    const guarded = work.catch((error: unknown) => this.#onFailure(what, error));
    this.#background.add(guarded);
    void guarded.finally(() => this.#background.delete(guarded));
  }

  /**
   * Moves a manual clock forward by `ms`, firing every timer that falls due on the way, each at
   * its own time. Resolves to the number of timers fired.
   */
  advance(ms: number): Promise<number> {
    if (this.mode !== "manual") {
      return Promise.reject(
        new TypeError('advance_ms: the sandbox clock is real; start the sandbox with clock "manual" to advance it'),
      );
    }
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
      return Promise.reject(
        new TypeError(`advance_ms: expected a number of milliseconds of at least 0, got ${String(ms)}`),
      );
    }
    // Advances queue behind one another, so two callers never interleave their timers.
    const result = this.#advancing.then(() => this.#runUntil(this.#manualNow + ms));
    this.#advancing = result.catch(() => undefined);
    return result;
  }

  async #runUntil(target: number): Promise<number> {
    let fired = 0;
    await this.#idle();
    for (let next = this.#due(target); next !== undefined; next = this.#due(target)) {
      this.#timers.delete(next.seq);
      this.#manualNow = Math.max(this.#manualNow, next.at);
      this.#fire(next);
      fired += 1;
      await this.#idle();
    }
    this.#manualNow = Math.max(this.#manualNow, target);
    return fired;
  }

  #due(target: number): Timer | undefined {
    let first: Timer | undefined;
    for (const timer of this.#timers.values()) {
      if (
        timer.at <= target &&
        (first === undefined || timer.at < first.at || (timer.at === first.at && timer.seq < first.seq))
      )
        first = timer;
    }
    return first;
  }

  async #idle(): Promise<void> {
    while (this.#background.size > 0) await Promise.allSettled([...this.#background]);
  }

  /** Resolves once no background work is running. */
  idle(): Promise<void> {
    return this.#idle();
  }

  /** Cancels every scheduled run (close and reset). */
  clear(): void {
    for (const timer of this.#timers.values()) if (timer.handle !== undefined) clearTimeout(timer.handle);
    this.#timers.clear();
  }
}
