import type { OperationEntry } from "@card-processing/types";

/**
 * For an operation that moves money, says how to find out whether it took effect: the advice
 * that ends every message of a failure whose outcome is unknown.
 *
 * @example
 * ```ts
 * moneyAdvice(operationById("sale"), new URLSearchParams("client_orderid=A1")); // " sale moves money and is never retried ..."
 * ```
 */
export function moneyAdvice(
  entry: OperationEntry | undefined,
  fields: URLSearchParams | Readonly<Record<string, unknown>> | undefined,
): string {
  if (!entry?.movesMoney) return "";
  const id = clientOrderIdOf(entry, fields);
  return ` ${entry.operationId} moves money and is never retried automatically: query the status by client_orderid${id === undefined ? "" : ` ${JSON.stringify(id)}`} before sending it again.`;
}

/** The merchant's order id, under the field the spec gives the operation for it. */
export function clientOrderIdOf(
  entry: OperationEntry,
  fields: URLSearchParams | Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const name = entry.clientOrderIdFields[0];
  if (name === undefined || fields === undefined) return undefined;
  const id = fields instanceof URLSearchParams ? fields.get(name) : fields[name];
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}
