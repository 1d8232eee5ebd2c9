/** What a stored record is: one order, one step of a timeline, one request, one event... */
export type RecordKind =
  | "order"
  | "fingerprint"
  | "history"
  | "request"
  | "event"
  | "callback"
  | "card-ref"
  | "subscription"
  | "meta";

/** One piece of the sandbox's state as the store keeps it: JSON text under its kind and id. */
export interface StoredRecord {
  readonly kind: RecordKind;
  readonly id: string;
  /** The order it belongs to, so forgetting an order forgets its records too. */
  readonly orderid: string | null;
  readonly json: string;
}

/** The changes of one commit: records written (inserted or replaced), orders or records forgotten, or all cleared first. */
export interface StoreBatch {
  readonly clear: boolean;
  readonly forgetOrders: readonly string[];
  readonly forgetRecords: ReadonlyArray<{ readonly kind: RecordKind; readonly id: string }>;
  readonly records: readonly StoredRecord[];
}

/**
 * Where the sandbox's state lives between runs. The engine keeps its state in memory and writes
 * each change through here; `commit` returns once the batch is committed (written to the
 * database's log, not forced to the disk), so a reply sent after it describes state that a crash
 * or `kill -9` of the sandbox does not lose.
 */
export interface SandboxStore {
  /** Where the store is, for log lines. */
  readonly location: string;
  /** Every record, read one at a time (a big directory is never held twice, as rows and as state). */
  load(): Iterable<StoredRecord>;
  /** Writes `batch` as one transaction, durable when it returns. */
  commit(batch: StoreBatch): void;
  close(): void;
}
