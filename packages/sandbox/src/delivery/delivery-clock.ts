/**
 * The clock callbacks are sent and retried on. The sandbox passes its own clock (sandbox time,
 * real or manual); delivery asks no more of it than this, so it never imports the engine.
 */
export interface DeliveryClock {
  /** The current time, in milliseconds since the epoch. */
  now(): number;
  /** Runs `run` after `delayMs` of this clock's time. */
  schedule(delayMs: number, run: () => void, what?: string): void;
  /** Watches background work, so a failure is logged and not lost. */
  track(work: Promise<unknown>, what?: string): void;
}
