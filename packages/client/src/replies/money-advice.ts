import type { OperationEntry } from "@card-processing/types";

/** The fields of a request as sent: a form, or the body object of a gateway method. */
export type SentFields = URLSearchParams | Readonly<Record<string, unknown>> | undefined;

/**
 * For an operation that moves money, says that it may have taken effect and how to find out: the
 * advice that ends every message of a failure whose outcome is unknown.
 */
export function moneyAdvice(entry: OperationEntry | undefined, fields: SentFields): string {
  if (!entry?.movesMoney) return "";
  const id = clientOrderIdOf(entry, fields);
  const which = id === undefined ? "the order by its client_orderid" : `order ${JSON.stringify(id)}`;
  return ` The ${entry.operationId} may have taken effect at the gateway: pass this error to gateway.recover(error) to learn whether it did (${which}) before sending it again; the client never sends it again on its own.`;
}

/**
 * What an error keeps of the request it is about, so that `gateway.recover(error)` can ask the
 * gateway what became of it: the operation, the merchant's order id, the `orderid` a follow-up
 * named and the amount it carried (never a card field or a secret).
 */
export function requestFacts(
  entry: OperationEntry | undefined,
  fields: SentFields,
): {
  operationId: string | undefined;
  clientOrderId: string | undefined;
  orderid: string | undefined;
  amount: string | undefined;
} {
  return {
    operationId: entry?.operationId,
    clientOrderId: clientOrderIdOf(entry, fields),
    orderid: fieldOf(fields, "orderid"),
    amount: entry?.amountFields[0] === undefined ? undefined : fieldOf(fields, entry.amountFields[0]),
  };
}

function fieldOf(fields: SentFields, name: string): string | undefined {
  if (fields === undefined) return undefined;
  const value = fields instanceof URLSearchParams ? fields.get(name) : fields[name];
  return (typeof value === "string" && value !== "") || typeof value === "number" ? String(value).trim() : undefined;
}

/** The merchant's order id, under the field the spec gives the operation for it. */
export function clientOrderIdOf(entry: OperationEntry | undefined, fields: SentFields): string | undefined {
  const name = entry?.clientOrderIdFields[0];
  if (name === undefined || fields === undefined) return undefined;
  const id = fields instanceof URLSearchParams ? fields.get(name) : fields[name];
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}
