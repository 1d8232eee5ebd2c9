import type { Order } from "../orders/order.js";
import { decimalOf } from "../values/money.js";

/** An endpoint's balance: the money its merchant holds from its orders, by currency, in minor units. */
export interface EndpointBalance {
  /** Minor units by currency, for every currency an order of the endpoint moved money in. */
  readonly byCurrency: ReadonlyMap<string, bigint>;
}

/**
 * What one order leaves with the merchant, in minor units of its currency: what was captured (an
 * approved sale's whole amount, a preauth's approved captures), unless voided, less what was
 * returned or reversed and what chargebacks took back; an approved payout takes its amount out.
 * A preauth's hold is not the merchant's money until captured; a transfer moves the customer's
 * money card to card, and a card check none, so they leave nothing.
 */
export function heldByMerchant(order: Order): bigint {
  if (order.kind === "payout") return order.status === "approved" ? -order.amountMinor : 0n;
  if (order.kind !== "sale" && order.kind !== "preauth") return 0n;
  if (order.cancelled === "voided") return 0n;
  return order.capturedMinor - order.refundedMinor - order.chargedBackMinor;
}

/**
 * Adds what `order` leaves with its merchant to `byCurrency`. An order that moved no money names no
 * currency of the balance (a declined sale in EUR on a USD endpoint).
 */
export function addHeld(byCurrency: Map<string, bigint>, order: Order): void {
  const held = heldByMerchant(order);
  if (held === 0n && order.capturedMinor === 0n) return;
  byCurrency.set(order.currency, (byCurrency.get(order.currency) ?? 0n) + held);
}

/**
 * The balance of `endpointId` over `orders`: the sum of {@link heldByMerchant}, by currency, from
 * `carried` (what orders no longer held left with the merchant, see `CarriedBalances`).
 */
export function endpointBalance(
  orders: Iterable<Order>,
  endpointId: string,
  carried: ReadonlyMap<string, bigint> = new Map(),
): EndpointBalance {
  const byCurrency = new Map(carried);
  for (const order of orders) if (order.endpointId === endpointId) addHeld(byCurrency, order);
  return { byCurrency };
}

/** `minor` units of `currency` in major units, signed: `-1042n` USD is `"-10.42"`. */
export function signedDecimalOf(minor: bigint, currency: string): string {
  return minor < 0n ? `-${decimalOf(-minor, currency)}` : decimalOf(minor, currency);
}
