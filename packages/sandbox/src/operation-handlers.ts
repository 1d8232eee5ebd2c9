import { cardRefOperations } from "./card-ref-operations.js";
import { followUpOperations } from "./follow-up-operations.js";
import type { OperationHandler } from "./operation-context.js";
import { paymentOperations } from "./payment-operations.js";
import { payoutOperations } from "./payout-operations.js";
import { threeDSecureOperations } from "./three-ds-operations.js";

/**
 * What the sandbox does for each operation, by operationId. Paths, schemas and signature rules
 * are not here: they come from the operation table.
 */
export const operationHandlers: Readonly<Record<string, OperationHandler>> = {
  ...paymentOperations,
  ...followUpOperations,
  ...threeDSecureOperations,
  ...cardRefOperations,
  ...payoutOperations,
};
