import { numberToDecimal } from "../transport/exact-decimal.js";
import type { VerifiedCallback } from "./callback.js";

/**
 * What the shop stored of the transaction a callback reports, as `storedOrder` answers it: the
 * ids, and the amount and currency of that transaction (for a partial return or chargeback, the
 * one the shop recorded for it, since the callback carries that transaction's own amount).
 *
 * @example
 * ```ts
 * import type { StoredOrder } from "@card-processing/client/callback-handler";
 * const order: StoredOrder = { orderid: "1000001", client_orderid: "A1", amount: "10.42", currency: "USD" };
 * ```
 */
export interface StoredOrder {
  /** The gateway's order id, once the shop has it (from the reply to its request). */
  readonly orderid?: string | undefined;
  readonly client_orderid: string;
  readonly amount: string | number;
  readonly currency: string;
}

/** A decimal without leading zeros of its whole part or trailing zeros of its fraction: `010.40` gives `10.4`. */
function plainDecimal(value: string): string | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (match === null) return undefined;
  const whole = (match[1] ?? "").replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

function sameAmount(claimed: string | undefined, stored: string | number): boolean {
  const storedText = typeof stored === "number" ? numberToDecimal(stored) : stored;
  if (claimed === undefined || storedText === undefined) return false;
  const a = plainDecimal(claimed);
  return a !== undefined && a === plainDecimal(storedText);
}

/**
 * The fields in which a verified callback differs from the stored order (`orderid` only when the
 * shop stored one), in the order the official PHP library checks them; empty when it matches.
 * The amount is compared as a decimal (`10.4` matches `10.40`), the currency as written.
 */
export function mismatchedFields(callback: VerifiedCallback, stored: StoredOrder): string[] {
  const fields: string[] = [];
  if (stored.orderid !== undefined && String(stored.orderid) !== callback.orderid) fields.push("orderid");
  if (String(stored.client_orderid) !== callback.client_orderid) fields.push("client_orderid");
  if (!sameAmount(callback.unsigned.amount, stored.amount)) fields.push("amount");
  if (callback.unsigned.currency !== stored.currency) fields.push("currency");
  return fields;
}
