import type { TransactionStatus } from "@card-processing/types";

/**
 * One step in an order's life other than a request or an event: its creation, a status change,
 * a 3-D Secure result, settlement. `at` is sandbox-clock time.
 */
export interface OrderHistoryEntry {
  readonly orderid: string;
  readonly at: string;
  /** What happened, in words: `sale: processing -> approved`, `settled`. */
  readonly what: string;
  /** The order's status after it. */
  readonly status: TransactionStatus;
}
