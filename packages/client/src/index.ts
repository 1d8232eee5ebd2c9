export type { ControlAmounts, RequestOutcome, SigningErrorCode } from "@card-processing/signing";
export { CardProcessingError, isCardProcessingError, maskCardNumber, SigningError } from "@card-processing/signing";
export { FORM_MEDIA_TYPE, VENDOR_MEDIA_TYPE } from "@card-processing/types";
export type { CallbackSignedField, VerifiedCallback } from "./callbacks/callback.js";
export { parseCallback } from "./callbacks/callback.js";
export { parseCustomerReturn } from "./callbacks/customer-return.js";
export type { ParamsInput } from "./callbacks/params-input.js";
export type { CallbackToSign } from "./callbacks/sign-callback.js";
export { signCallback } from "./callbacks/sign-callback.js";
export type { CardProcessingClient, CreateClientOptions, PostInit } from "./create-client.js";
export { createClient } from "./create-client.js";
export { createGateway } from "./create-gateway.js";
export type { GatewayErrorCode, GatewayErrorOptions } from "./errors/gateway-error.js";
export { GatewayError } from "./errors/gateway-error.js";
export type { GatewayFailure, GatewayResult } from "./errors/gateway-result.js";
export { NetworkError } from "./errors/network-error.js";
export { OrderNotFoundError } from "./errors/order-not-found-error.js";
export { OutcomeUnknownError, type TransactionsBefore } from "./errors/outcome-unknown-error.js";
export type { ReplyErrorCode } from "./errors/reply-error.js";
export { ReplyError } from "./errors/reply-error.js";
export { ServerError } from "./errors/server-error.js";
export { SignatureError } from "./errors/signature-error.js";
export { StatusUnchangedError } from "./errors/status-unchanged-error.js";
export { TimeoutError } from "./errors/timeout-error.js";
export type { UsageErrorCode } from "./errors/usage-error.js";
export { UsageError } from "./errors/usage-error.js";
export { ValidationError } from "./errors/validation-error.js";
export type { CreateGatewayOptions } from "./gateway-options.js";
export type { Gateway, TransactionRef, WaitOptions } from "./gateway-types.js";
export type { GatewayOperations } from "./generated/gateway-operations.js";
export { version } from "./generated/version.js";
export type { PollClock, PollingSchedule } from "./polling/polling-schedule.js";
export { documentedPollingSchedule } from "./polling/polling-schedule.js";
export type { PollOptions, PollProgress } from "./polling/status-poller.js";
export { pollForFinalStatus } from "./polling/status-poller.js";
export type { OrderRecovery } from "./recovery/order-recovery.js";
export type { RecoverOptions, Recovery, RecoveryResult } from "./recovery/recovery.js";
export type { MoneyOperationId, SendOnceOptions, SendOnceResult, SentOnce } from "./recovery/send-once-result.js";
export type { ReportTransaction, TransactionReportQuery } from "./recovery/transaction-report.js";
export { maskPersonalData } from "./redaction/personal-data-mask.js";
export type { RedactionRules } from "./redaction/redaction.js";
export { redactFields, redactHeaders } from "./redaction/redaction.js";
export type { NextStep, NextStepReply } from "./replies/next-step.js";
export { nextStep } from "./replies/next-step.js";
export type { ReplyRecord } from "./replies/reply-body.js";
export { parseClassicReply, parseReplyBody } from "./replies/reply-body.js";
export type { TelemetryOptions } from "./telemetry/telemetry-options.js";
export type {
  ClientOperation,
  ClientPaths,
  ClientResponses,
  RequestBody,
  SignerSuppliedField,
  SpecRequestBody,
} from "./transport/client-paths.js";
export type { CallOptions, GatewayBody, GatewayReply, PathOf } from "./transport/gateway-call.js";
export type { VendorMediaType } from "./transport/media-types.js";
export type { RequestLogEntry, RequestLogger } from "./transport/request-log.js";
