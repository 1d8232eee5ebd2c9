import type { SandboxClockControl } from "./engine/sandbox-controls.js";

/**
 * A time source in the shape of the client's `PollClock`: `now()` in milliseconds, and `sleep()`
 * that resolves after that long, or rejects with the signal's reason when it aborts.
 *
 * @example
 * ```ts
 * import type { SandboxTime } from "@card-processing/sandbox";
 * const frozen: SandboxTime = { now: () => 0, sleep: async () => {} };
 * ```
 */
export interface SandboxTime {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The time of a sandbox started with `clock: "manual"`, for the client's status poller
 * (`waitForFinalStatus`, `recoverOrder`, `pollForFinalStatus`): each wait of the poller advances
 * the sandbox's clock instead of sleeping, so the documented 3–5 s cadence and its one-hour limit
 * cost no real time. Without it a wait against a manual clock would never see the order move; the
 * client refuses such a wait at once with a `UsageError` that names this function.
 *
 * @example
 * ```ts
 * import { createGateway } from "@card-processing/client";
 * import { sandboxTime, startSandbox } from "@card-processing/sandbox";
 * const sandbox = await startSandbox({ clock: "manual", latencyMs: 2_000 });
 * const gateway = createGateway({ baseUrl: sandbox.url, endpointId: sandbox.endpointId, login: sandbox.login, controlKey: sandbox.controlKey });
 * const final = await gateway.waitForFinalStatus({ client_orderid: "902B4FF5" }, { clock: sandboxTime(sandbox) });
 * ```
 */
export function sandboxTime(sandbox: { readonly clock: SandboxClockControl }): SandboxTime {
  if (sandbox?.clock?.mode !== "manual") {
    throw new TypeError(
      'sandboxTime: sandbox: expected a sandbox started with clock "manual" (a real clock runs by itself: wait without a clock option)',
    );
  }
  return {
    now: () => sandbox.clock.now().getTime(),
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      await sandbox.clock.advance(ms);
    },
  };
}
