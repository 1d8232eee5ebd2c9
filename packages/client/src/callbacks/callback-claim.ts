import { usageError } from "../errors/usage-error.js";
import type { CallbackSeen, CallbackSeenSet } from "./callback-seen.js";

/**
 * What handling one delivery of an event came to: run now, handled before, held by another
 * instance, or refused by the run itself (which then released the claim).
 */
export type CallbackEventOutcome<Refusal> = "handled" | "done" | "busy" | { readonly refused: Refusal };

/** What a run is handed: completes the claim itself, inside the shop's own transaction. */
export interface ClaimedEvent {
  complete(within?: unknown): Promise<void>;
}

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
 * `leaseMs`, and runs only when the claim is granted. After success it completes the key (again,
 * when `run` completed it inside the shop's transaction through the event it is handed); after a
 * failure, or when `run` answers a refusal, it releases the key.
 */
export function eventOnce<Refusal>(
  seen: CallbackSeen,
  leaseMs: number,
): (key: string, run: (event: ClaimedEvent) => Promise<Refusal | undefined>) => Promise<CallbackEventOutcome<Refusal>> {
  const running = new Map<string, Promise<CallbackEventOutcome<Refusal>>>();

  async function release(key: string): Promise<void> {
    try {
      await seen.release(key);
    } catch {
      // The claim then runs out with its lease, and a later delivery handles the event.
    }
  }

  async function claimAndRun(
    key: string,
    run: (event: ClaimedEvent) => Promise<Refusal | undefined>,
  ): Promise<CallbackEventOutcome<Refusal>> {
    const claim = await seen.claim(key, leaseMs);
    if (claim !== "claimed") return claim;
    const event: ClaimedEvent = { complete: (within) => Promise.resolve(seen.complete(key, within)) };
    let refusal: Refusal | undefined;
    try {
      refusal = await run(event);
    } catch (error) {
      await release(key);
      throw error;
    }
    if (refusal !== undefined) {
      await release(key);
      return { refused: refusal };
    }
    // Also after a completion inside the shop's transaction: a store's complete is idempotent, and
    // this one lets it forget the claim.
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
