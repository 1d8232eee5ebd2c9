import type { Gateway } from "../gateway-types.js";
import type { VerifiedCallback } from "./callback.js";
import type { ConfirmedOrder } from "./callback-confirm.js";
import type { StoredOrder } from "./callback-order-check.js";
import type { CallbackSeen, CallbackSeenSet } from "./callback-seen.js";

/**
 * What `onCallback` receives beside the verified callback: the event's key, the gateway's own
 * answer when the handler has `confirm`, and `complete`, which marks the event handled inside the
 * shop's own database transaction.
 *
 * @example
 * ```ts
 * import type { CallbackEvent, VerifiedCallback } from "@card-processing/client/callback-handler";
 * declare const pool: { connect(): Promise<{ query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>; release(): void }> };
 * async function onCallback(callback: VerifiedCallback, event: CallbackEvent) {
 *   const db = await pool.connect();
 *   try {
 *     await db.query("begin");
 *     await db.query("update orders set status = $1 where id = $2", [callback.status, callback.client_orderid]);
 *     await event.complete((sql: string, params: unknown[]) => db.query(sql, params).then((r) => r.rows));
 *     await db.query("commit");
 *   } catch (error) {
 *     await db.query("rollback");
 *     throw error;
 *   } finally {
 *     db.release();
 *   }
 * }
 * ```
 */
export interface CallbackEvent {
  /** The event's key in `seen` (`callbackEventKey(callback)`). */
  readonly key: string;
  /** The gateway's answer to the status operation for this order, when the handler has `confirm`. */
  readonly confirmed: ConfirmedOrder | undefined;
  /**
   * Marks the event handled in `seen` now, with `within` (for {@link sqlCallbackClaims}, your
   * transaction's query function): called inside the transaction that holds your own write, the
   * claim is completed exactly when your write commits. Without it the handler completes the event
   * after `onCallback` returned.
   */
  complete(within?: unknown): Promise<void>;
}

/**
 * The options of {@link createCallbackHandler}.
 *
 * @example
 * ```ts
 * import type { CallbackHandlerOptions } from "@card-processing/client/callback-handler";
 * const options: CallbackHandlerOptions = { controlKey, onCallback: async (callback) => console.log(callback.status) };
 * ```
 */
export interface CallbackHandlerOptions {
  /** The merchant control key that signs callbacks. */
  readonly controlKey: string;
  /**
   * Acts on a verified callback; throw to have the gateway deliver it again later. Its `type`,
   * `amount` and other unsigned fields are claims: use `storedOrder` or `confirm`, and
   * `event.confirmed`, before moving goods or money on them.
   */
  readonly onCallback: (callback: VerifiedCallback, event: CallbackEvent) => void | Promise<void>;
  /**
   * The shop's stored record of the transaction a callback reports (or `undefined` when the shop
   * has none): a callback whose orderid, client_orderid, amount or currency differs from it is
   * answered 409, one the shop has no record of 404, and `onCallback` is not called, as the
   * official PHP library checks. This is the defence against a replayed callback with another
   * `type` or `amount`, and against ids shifted across the digest's missing separators.
   */
  readonly storedOrder?: (callback: VerifiedCallback) => StoredOrder | undefined | Promise<StoredOrder | undefined>;
  /**
   * A gateway (from `createGateway`): the handler asks it for the order's status before
   * `onCallback` and hands the answer over as `event.confirmed`; an order the gateway does not
   * have, or an answer for other ids, is answered 409 and `onCallback` is not called. A failed
   * status call is answered 500, so the gateway delivers the callback again later.
   */
  readonly confirm?: Pick<Gateway, "status">;
  /**
   * Where every instance of the shop claims and records the events it handles (default:
   * {@link memoryCallbackSeen}, one process only). A 0.2 store with `has` and `add` is still
   * accepted, but then two instances can both handle one event.
   */
  readonly seen?: CallbackSeen | CallbackSeenSet;
  /**
   * How long a claim on an event holds, in milliseconds (default 60 000): make it longer than
   * your slowest `onCallback`. When an instance dies inside `onCallback`, the first delivery after
   * the lease handles the event elsewhere.
   */
  readonly leaseMs?: number;
  /**
   * Told of an error thrown by `onCallback`, `seen`, `storedOrder` or `confirm` (the gateway only
   * sees a 500), and of a callback refused for not matching the stored order (default: `console.error`).
   */
  readonly onError?: (error: unknown) => void;
}
