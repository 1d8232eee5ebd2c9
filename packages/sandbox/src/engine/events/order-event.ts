import type { TransactionStatus } from "@card-processing/types";
import type { OrderEventType } from "./event-rules.js";

/**
 * What to trigger on an existing order: `chargeback` (full, or a partial `amount`), `reversal`
 * (a refund initiated by the bank), `fraud`, `retrieval` (a retrieval request) or `status-change`
 * (reconciliation moves a final status to `status`).
 *
 * @example
 * ```ts
 * import type { OrderEventRequest } from "@card-processing/sandbox";
 * const partial: OrderEventRequest = { type: "chargeback", amount: "5.00" };
 * const reconciled: OrderEventRequest = { type: "status-change", status: "declined" };
 * ```
 */
export interface OrderEventRequest {
  readonly type: string;
  /** Decimal amount in the order's currency (`"5.00"`); omitted, the whole amount left. */
  readonly amount?: string;
  /** The new final status, for `status-change` only. */
  readonly status?: string;
}

/**
 * An event that happened to an order, as `sandbox.trigger()` and the admin route report it.
 *
 * @example
 * ```ts
 * import type { OrderEvent } from "@card-processing/sandbox";
 * const event: OrderEvent = await sandbox.trigger("1000001", { type: "chargeback" });
 * console.log(event.amount, event.order_status);
 * ```
 */
export interface OrderEvent {
  readonly id: number;
  readonly type: OrderEventType;
  readonly orderid: string;
  readonly client_orderid: string;
  /** Sandbox-clock time of the event. */
  readonly at: string;
  /** Amount the event concerns (decimal string); for a status change, the order's amount. */
  readonly amount: string;
  readonly currency: string;
  /** The callback `type` sent for it. */
  readonly callback_type: string;
  /** The order's status before and after. */
  readonly previous_status: TransactionStatus;
  readonly order_status: TransactionStatus;
}

/**
 * Thrown when an event cannot happen to an order (a chargeback of a declined order, an amount
 * above what is left) or the request cannot be read; the message says why.
 *
 * @example
 * ```ts
 * import { EventRefusedError } from "@card-processing/sandbox";
 * try { await sandbox.trigger("1000001", { type: "chargeback", amount: "999.00" }); }
 * catch (error) { if (error instanceof EventRefusedError) console.log(error.message); }
 * ```
 */
export class EventRefusedError extends Error {
  override readonly name = "EventRefusedError";
}
