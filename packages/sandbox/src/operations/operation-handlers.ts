import type { OperationId } from "@card-processing/types";
import { balanceOperations } from "./balance-operations.js";
import { cardRefOperations } from "./card-ref-operations.js";
import { followUpOperations } from "./follow-up-operations.js";
import type { OperationHandlerTable } from "./operation-context.js";
import { paymentOperations } from "./payment-operations.js";
import { payoutOperations } from "./payout-operations.js";
import { syncVerificationOperations } from "./sync-verification-operations.js";
import { threeDSecureOperations } from "./three-ds-operations.js";

/**
 * What the sandbox does for each operation whose rules it models, by generated operation id. Paths,
 * schemas and signature rules are not here: they come from the operation table. An id that is not
 * a key here is answered by the generic spec-driven reply (`genericReply`).
 */
export const operationHandlers = {
  ...paymentOperations,
  ...followUpOperations,
  ...threeDSecureOperations,
  ...cardRefOperations,
  ...payoutOperations,
  ...syncVerificationOperations,
  ...balanceOperations,
} satisfies OperationHandlerTable;

/** The operations with a handler of their own. */
export type HandledOperationId = keyof typeof operationHandlers;

/** The operations answered by the generic spec-driven reply: today none; a new spec operation lands here. */
export type GenericOperationId = Exclude<OperationId, HandledOperationId>;

/** The handler of `operationId`, or `undefined` when the generic reply answers it. */
export function handlerOf(operationId: string): OperationHandlerTable[OperationId] {
  return Object.hasOwn(operationHandlers, operationId)
    ? (operationHandlers as OperationHandlerTable)[operationId as OperationId]
    : undefined;
}
