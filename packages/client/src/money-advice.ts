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
  return ` The ${entry.operationId} may have taken effect at the gateway: recover ${which} with gateway.recoverOrder({ client_orderid }) (it queries the status) before sending it again; the client never sends it again on its own.`;
}

/** The merchant's order id, under the field the spec gives the operation for it. */
export function clientOrderIdOf(entry: OperationEntry | undefined, fields: SentFields): string | undefined {
  const name = entry?.clientOrderIdFields[0];
  if (name === undefined || fields === undefined) return undefined;
  const id = fields instanceof URLSearchParams ? fields.get(name) : fields[name];
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}
