import type { CallbackSeen, CallbackSeenSet } from "./callback-seen.js";
import { usageError } from "./usage-error.js";

/** What handling one delivery of an event came to: run now, handled before, or held by another instance. */
export type CallbackEventOutcome = "handled" | "done" | "busy";

function isFunction(value: unknown): boolean {
  return typeof value === "function";
}

/**
 * The claim store behind a handler's `seen`. A 0.2 store (`has`, `add`) has no claim: it is read
 * as one whose claim is granted whenever the key is not yet added, which holds in one process
 * only (the handler's in-flight map does that part), never across instances.
 */
export function claimStoreOf(seen: CallbackSeen | CallbackSeenSet): CallbackSeen {
  const store = seen as Partial<CallbackSeen & CallbackSeenSet>;
  if (isFunction(store.claim) && isFunction(store.complete) && isFunction(store.release)) return seen as CallbackSeen;
  if (isFunction(store.has) && isFunction(store.add)) {
    const set = seen as CallbackSeenSet;
    return {
      claim: async (key) => ((await set.has(key)) ? "done" : "claimed"),
      complete: (key) => set.add(key),
      release: () => {},
    };
  }
  throw usageError(
    "ERR_OPTION_INVALID",
    "seen",
    "expected a store with claim, complete and release (or the older has and add)",
    "createCallbackHandler",
  );
}

/**
 * Runs `run` at most once per event key at a time in this process, and once for good across the
 * processes that share `seen`: a delivery that arrives while the event's call is running waits
 * for it and shares its outcome (a rejection when it threw); otherwise it claims the key for
 * `leaseMs`, and runs only when the claim is granted, completing the key after success and
 * releasing it after a failure.
 */
export function eventOnce(
  seen: CallbackSeen,
  leaseMs: number,
): (key: string, run: () => void | Promise<void>) => Promise<CallbackEventOutcome> {
  const running = new Map<string, Promise<CallbackEventOutcome>>();

  async function claimAndRun(key: string, run: () => void | Promise<void>): Promise<CallbackEventOutcome> {
    const claim = await seen.claim(key, leaseMs);
    if (claim !== "claimed") return claim;
    try {
      await run();
    } catch (error) {
      try {
        await seen.release(key);
      } catch {
        // The claim then runs out with its lease, and a later delivery handles the event.
      }
      throw error;
    }
    await seen.complete(key);
    return "handled";
  }

  return (key, run) => {
    const pending = running.get(key);
    if (pending !== undefined) return pending;
    const outcome = claimAndRun(key, run).finally(() => running.delete(key));
    running.set(key, outcome);
    return outcome;
  };
}
