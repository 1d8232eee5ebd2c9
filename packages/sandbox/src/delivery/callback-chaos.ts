import type { DeliveryClock } from "./delivery-clock.js";

/** One callback of a chaos window: its first delivery and its duplicate. */
export interface ChaosPair<T> {
  readonly first: T;
  readonly duplicate: T;
}

/**
 * Callback chaos, for testing idempotent, order-independent callback handlers: the callbacks
 * queued within one window (counted from the first) are held until it closes, then sent newest
 * first, then each once more, oldest first. Every callback thus arrives twice, and any two that
 * share a window arrive out of order. Sends run one after another, so the order is the order seen.
 */
export class CallbackChaos<T> {
  readonly #clock: DeliveryClock;
  readonly #windowMs: number;
  readonly #start: (delivery: T) => Promise<void>;
  #window: Array<ChaosPair<T>> | undefined;

  constructor(clock: DeliveryClock, windowMs: number, start: (delivery: T) => Promise<void>) {
    this.#clock = clock;
    this.#windowMs = windowMs;
    this.#start = start;
  }

  /** Holds `pair` until the current window (opened now if none is open) closes. */
  hold(pair: ChaosPair<T>): void {
    if (this.#window !== undefined) {
      this.#window.push(pair);
      return;
    }
    const window = [pair];
    this.#window = window;
    this.#clock.schedule(this.#windowMs, () => {
      this.#window = undefined;
      this.#clock.track(this.#release(window));
    });
  }

  async #release(window: ReadonlyArray<ChaosPair<T>>): Promise<void> {
    for (const pair of [...window].reverse()) await this.#start(pair.first);
    for (const pair of window) await this.#start(pair.duplicate);
  }

  /** Drops held callbacks (reset). */
  clear(): void {
    this.#window = undefined;
  }
}
