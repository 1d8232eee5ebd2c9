import type { OrderEvent, OrderEventRequest } from "./events/order-event.js";
import { triggerEvent } from "./events/trigger-event.js";
import type { GatewayEngine } from "./gateway-engine.js";
import type { ClockMode } from "./time/sandbox-clock.js";

/**
 * The sandbox clock as tests see it: its mode, the sandbox time, and `advance()` for a manual clock.
 *
 * @example
 * ```ts
 * import { startSandbox } from "@card-processing/sandbox";
 * const sandbox = await startSandbox({ clock: "manual" });
 * const { now, fired } = await sandbox.clock.advance(60_000); // one minute of sandbox time
 * ```
 */
export interface SandboxClockControl {
  readonly mode: ClockMode;
  /** The sandbox time. */
  now(): Date;
  /**
   * Moves a manual clock forward by `ms`, running everything that falls due on the way (order
   * processing, settlement, callback retries and the deliveries they start, recurring charges).
   * Rejects with the real clock.
   */
  advance(ms: number): Promise<{ readonly now: string; readonly fired: number }>;
}

/** The clock, `trigger()` and `reset()` of a running sandbox. */
export interface SandboxControls {
  readonly clock: SandboxClockControl;
  trigger(orderid: string, event: OrderEventRequest): Promise<OrderEvent>;
  reset(): void;
}

/** Builds the test controls of a sandbox over its engine. */
export function sandboxControls(engine: GatewayEngine): SandboxControls {
  return {
    clock: {
      mode: engine.clock.mode,
      now: () => new Date(engine.clock.now()),
      async advance(ms) {
        const fired = await engine.clock.advance(ms);
        engine.changes.notify({ kind: "clock" });
        return { now: new Date(engine.clock.now()).toISOString(), fired };
      },
    },
    async trigger(orderid, event) {
      const result = triggerEvent(engine, orderid, event);
      // With a manual clock, the event's callback goes out before trigger() resolves.
      if (engine.clock.mode === "manual") await engine.clock.idle();
      return result;
    },
    reset: () => engine.reset(),
  };
}
