export type { components, operations, paths, webhooks, $defs } from "./generated/openapi.js";
export type * from "./generated/openapi.js";
export {
  operationTable,
  transactionStatuses,
  finalStatuses,
  callbackSignature,
  customerReturnSignature,
  gatewayErrorCodes,
} from "./generated/operation-table.js";
export type { OperationTable } from "./generated/operation-table.js";
export type { OperationEntry, SignatureRule, SignatureScheme } from "./operation-entry.js";
export type { OperationPath, OperationId, OperationById, FinalStatus } from "./operation-names.js";
export { operationById, isFinalStatus } from "./operation-names.js";
