import type { Order } from "../orders/order.js";
import { addHeld } from "./endpoint-balance.js";

/** Carried balances as a data directory keeps them: minor units as decimal strings, by endpoint and currency. */
export type CarriedBalancesJson = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * What the orders the sandbox no longer holds left with their merchants, by endpoint and currency,
 * in minor units. Retention (`maxOrders`, `maxAgeMs`) forgets old final orders; their money stays
 * in the endpoint's balance, as it does at a gateway that keeps no order list in memory. Kept with
 * the engine's counters in a data directory, so a restart does not lose it either.
 */
export class CarriedBalances {
  readonly #byEndpoint = new Map<string, Map<string, bigint>>();

  /** Carries what `orders` leave with their merchants: called just before they are forgotten. */
  carry(orders: Iterable<Order>): void {
    for (const order of orders) {
      let byCurrency = this.#byEndpoint.get(order.endpointId);
      if (byCurrency === undefined) {
        byCurrency = new Map();
        this.#byEndpoint.set(order.endpointId, byCurrency);
      }
      addHeld(byCurrency, order);
    }
  }

  /** What forgotten orders of `endpointId` left, by currency (empty when none). */
  of(endpointId: string): ReadonlyMap<string, bigint> {
    return this.#byEndpoint.get(endpointId) ?? new Map();
  }

  /** Forgets every carried amount (a reset). */
  clear(): void {
    this.#byEndpoint.clear();
  }

  /** The amounts as a data directory keeps them. */
  toJson(): CarriedBalancesJson {
    const json: Record<string, Record<string, string>> = {};
    for (const [endpointId, byCurrency] of this.#byEndpoint)
      json[endpointId] = Object.fromEntries([...byCurrency].map(([currency, minor]) => [currency, String(minor)]));
    return json;
  }

  /** Takes up the amounts a data directory kept (none in a directory written before they were kept). */
  resume(json: CarriedBalancesJson | undefined): void {
    this.#byEndpoint.clear();
    for (const [endpointId, byCurrency] of Object.entries(json ?? {}))
      this.#byEndpoint.set(
        endpointId,
        new Map(Object.entries(byCurrency).map(([currency, minor]) => [currency, BigInt(minor)])),
      );
  }
}
