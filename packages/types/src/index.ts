export { classicItems, classicText, parseClassicPairs } from "./classic-form.js";
export { exampleMerchant } from "./generated/example-merchant.js";
export type * from "./generated/openapi.js";
export type { $defs, components, operations, paths, webhooks } from "./generated/openapi.js";
export type { OperationTable } from "./generated/operation-table.js";
export {
  callbackSignature,
  checkedFieldPatterns,
  customerReturnSignature,
  finalStatuses,
  gatewayErrorCodes,
  knownFields,
  operationTable,
  personalDataFields,
  transactionReportOperation,
  transactionStatuses,
  transactionTypes,
} from "./generated/operation-table.js";
export { FORM_MEDIA_TYPE, VENDOR_MEDIA_TYPE } from "./generated/wire-format.js";
export type { OperationPathMatch } from "./match-operation-path.js";
export { matchOperationPath } from "./match-operation-path.js";
export type { OperationEntry, SignatureRule, SignatureScheme } from "./operation-entry.js";
export type { FinalStatus, OperationById, OperationId, OperationPath } from "./operation-names.js";
export { isFinalStatus, operationById } from "./operation-names.js";
export type { ReadReply, ReplyObject, ReplyRules } from "./reply-reader.js";
export { isRefusal, isReplyOf, missingReplyKeys, readReply } from "./reply-reader.js";
