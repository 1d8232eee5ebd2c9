import { decimalOf } from "../values/money.js";
import type { Order } from "./order.js";

/** A refusal: the rule that forbids the operation, worded for the merchant. */
export type Refusal = string;

function notSettleable(order: Order, operation: string): Refusal | undefined {
  if (order.pending !== undefined || order.phase !== "final") {
    return `${operation} refused: order ${order.orderid} is still processing; wait for its final status`;
  }
  if (order.status !== "approved") {
    return `${operation} refused: order ${order.orderid} is ${order.status}, not approved`;
  }
  if (order.cancelled !== false) {
    return `${operation} refused: order ${order.orderid} was already ${order.cancelled === "voided" ? "voided" : "cancelled"}`;
  }
  return undefined;
}

function currencyMismatch(order: Order, operation: string, currency: string | undefined): Refusal | undefined {
  if (currency !== undefined && currency !== order.currency) {
    return `${operation} refused: currency ${currency} differs from the order's ${order.currency}`;
  }
  return undefined;
}

/**
 * Capture: only of an approved preauthorization; partial by amount; the captures never add up
 * to more than was authorized. Returns the amount to capture, or the refusal.
 */
export function captureRule(
  order: Order,
  amountMinor: bigint | undefined,
  currency: string | undefined,
): bigint | Refusal {
  if (order.kind !== "preauth")
    return `capture refused: order ${order.orderid} is a ${order.kind}, not a preauthorization`;
  const refusal = notSettleable(order, "capture") ?? currencyMismatch(order, "capture", currency);
  if (refusal !== undefined) return refusal;
  if (order.settled) return `capture refused: order ${order.orderid} is already settled`;
  const open = order.amountMinor - order.capturedMinor;
  if (open <= 0n) return `capture refused: order ${order.orderid} is already captured in full`;
  const wanted = amountMinor ?? open;
  if (wanted <= 0n) return "capture refused: amount must be more than 0";
  if (wanted > open) {
    return `capture refused: ${decimalOf(wanted, order.currency)} ${order.currency} is more than the ${decimalOf(open, order.currency)} ${order.currency} still authorized`;
  }
  return wanted;
}

/** Void: only of an approved, unsettled sale or preauthorization, and never with an amount. */
export function voidRule(order: Order, hasAmount: boolean): Refusal | undefined {
  if (hasAmount) return "void refused: a void takes no amount (partial void is not supported)";
  if (order.kind !== "sale" && order.kind !== "preauth") {
    return `void refused: order ${order.orderid} is a ${order.kind}; only sales and preauthorizations can be voided`;
  }
  const refusal = notSettleable(order, "void");
  if (refusal !== undefined) return refusal;
  if (order.settled) return `void refused: order ${order.orderid} is settled; use return instead`;
  if (order.refundedMinor > 0n) return `void refused: order ${order.orderid} already has returns`;
  return undefined;
}

/** What an allowed return does: cancel a preauthorization, or refund an amount. */
export type ReturnEffect = { readonly kind: "release" } | { readonly kind: "refund"; readonly amountMinor: bigint };

/**
 * Return: only from a final successful status. Of an uncaptured preauthorization it cancels the
 * hold; of a sale or capture it refunds in full or in part, never more than was captured.
 */
export function returnRule(
  order: Order,
  amountMinor: bigint | undefined,
  currency: string | undefined,
): ReturnEffect | Refusal {
  if (order.kind !== "sale" && order.kind !== "preauth") {
    return `return refused: order ${order.orderid} is a ${order.kind}; only sales, preauthorizations and captures can be returned`;
  }
  const refusal = notSettleable(order, "return") ?? currencyMismatch(order, "return", currency);
  if (refusal !== undefined) return refusal;
  if (order.kind === "preauth" && order.capturedMinor === 0n) {
    if (amountMinor !== undefined && amountMinor !== order.amountMinor) {
      return "return refused: a preauthorization that was not captured is cancelled in full; omit amount and currency";
    }
    return { kind: "release" };
  }
  const open = order.capturedMinor - order.refundedMinor - order.chargedBackMinor;
  if (open <= 0n)
    return `return refused: order ${order.orderid} is already returned${order.chargedBackMinor > 0n ? " or charged back" : ""} in full`;
  const wanted = amountMinor ?? open;
  if (wanted <= 0n) return "return refused: amount must be more than 0";
  if (wanted > open) {
    return `return refused: ${decimalOf(wanted, order.currency)} ${order.currency} is more than the ${decimalOf(open, order.currency)} ${order.currency} captured and not yet returned${order.chargedBackMinor > 0n ? " or charged back" : ""}`;
  }
  return { kind: "refund", amountMinor: wanted };
}

/** Settlement: an approved sale or capture with captured funds, not cancelled and not yet settled. */
export function settleRule(order: Order): Refusal | undefined {
  const refusal = notSettleable(order, "settle");
  if (refusal !== undefined) return refusal;
  if (order.settled) return `settle refused: order ${order.orderid} is already settled`;
  if (order.capturedMinor === 0n) return `settle refused: order ${order.orderid} has nothing captured`;
  return undefined;
}
