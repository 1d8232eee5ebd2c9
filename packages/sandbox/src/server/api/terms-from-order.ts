import type { OperationEntry } from "@card-processing/types";
import type { Order } from "../../engine/orders/order.js";
import { bundledSpec } from "../../validation/spec-schemas.js";

const orderValues: Readonly<Record<string, (order: Order) => string>> = {
  amount: (order) => order.amount,
  currency: (order) => order.currency,
};

/** The signature terms the spec lets `entry` take from its referenced order (`x-signature-terms-from-order`). */
export function termsFromOrderOf(entry: OperationEntry): readonly string[] {
  const post = bundledSpec.paths[entry.path]?.post as
    | { readonly "x-signature-terms-from-order"?: readonly string[] }
    | undefined;
  return post?.["x-signature-terms-from-order"] ?? [];
}

/**
 * The request's fields completed from the order it references, for the second signature the spec
 * allows (a full capture signed over the held amount and currency without sending them), or
 * `undefined` when that form does not apply: no such terms, one of them sent, or no such order.
 */
export function fieldsWithOrderTerms(
  entry: OperationEntry,
  fields: Readonly<Record<string, string>>,
  order: Order | undefined,
): Readonly<Record<string, string>> | undefined {
  const terms = termsFromOrderOf(entry);
  if (
    terms.length === 0 ||
    order === undefined ||
    terms.some((term) => fields[term] !== undefined && fields[term] !== "")
  )
    return undefined;
  const filled: Record<string, string> = { ...fields };
  for (const term of terms) {
    const value = orderValues[term];
    if (value === undefined) return undefined;
    filled[term] = value(order);
  }
  return filled;
}
