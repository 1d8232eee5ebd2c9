import type { OperationEntry } from "@card-processing/types";

/**
 * The request's fields with the merchant's order id also under the spec's spelling, when the
 * request used the other one. The spec keeps the API description's `client-order-id` for the v4
 * payout, transfer-by-ref and pan-eligibility, while the gateway's current published docs write
 * `client_orderid` there; the gateway takes either, so the sandbox does too. The signature is still
 * checked over the fields as sent.
 */
export function withSpecOrderIdSpelling(
  entry: OperationEntry,
  fields: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const specName = entry.clientOrderIdFields[0];
  if (specName === undefined || Object.hasOwn(fields, specName)) return fields;
  const other =
    specName === "client_orderid" ? "client-order-id" : specName === "client-order-id" ? "client_orderid" : undefined;
  const value = other === undefined ? undefined : fields[other];
  return value === undefined ? fields : { ...fields, [specName]: value };
}
