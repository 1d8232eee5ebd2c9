/**
 * Body fields whose example value names something that must exist first: an order (`orderid`), a
 * stored card (`cardrefid`, `...-card-ref-id`), a recurring payment, or the PaRes the customer's
 * ACS handed back. A sample reads each from an environment variable of its own (its example value
 * the default), so it runs as printed once that thing exists: `ORDERID=1000001 bash status.sh`.
 * One rule by the field's schema and name, for every operation.
 */
export function referenceEnvOf(name: string, schema: { readonly $ref?: string } | undefined): string | undefined {
  const names =
    schema?.$ref === "#/components/schemas/OrderId" || /(^|-)card-?ref-?id$|^recurring-payment-id$|^paRes$/.test(name);
  return names ? name.toUpperCase().replace(/[^A-Z0-9]+/g, "_") : undefined;
}
