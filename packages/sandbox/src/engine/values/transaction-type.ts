/**
 * The gateway's name for the type of one of the sandbox's requests, as a callback's `type` and the
 * transactions report give it (the spec's `TransactionType`): a void is a `cancel`, a rebill a
 * `sale`; every other request type (sale, preauth, capture, cancel, reversal, payout...) is its own.
 */
export function gatewayTransactionType(requestType: string): string {
  if (requestType === "void") return "cancel";
  if (requestType === "rebill") return "sale";
  return requestType;
}
