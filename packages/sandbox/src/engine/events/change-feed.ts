/** What changed in the sandbox, for the dashboard's live updates. */
export interface Change {
  readonly kind: "order" | "callback" | "event" | "request" | "clock" | "reset";
  /** The order concerned, when there is one. */
  readonly orderid?: string;
}

/**
 * Tells listeners (the dashboard's event streams) that the sandbox's state changed, so a page
 * refreshes what it shows instead of polling.
 */
export class ChangeFeed {
  readonly #listeners = new Set<(change: Change) => void>();

  /** Calls `listener` on every change until the returned function is called. */
  subscribe(listener: (change: Change) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  notify(change: Change): void {
    for (const listener of this.#listeners) listener(change);
  }

  /** How many listeners are subscribed (tests check that closed streams unsubscribe). */
  get size(): number {
    return this.#listeners.size;
  }
}
