export type { ControlAmounts, RequestOutcome, SigningErrorCode } from "@card-processing/signing";
export { CardProcessingError, isCardProcessingError, maskCardNumber, SigningError } from "@card-processing/signing";
export { FORM_MEDIA_TYPE, VENDOR_MEDIA_TYPE } from "@card-processing/types";
export type { CallbackSignedField, VerifiedCallback } from "./callback.js";
export { parseCallback } from "./callback.js";
export { parseClassicReply } from "./classic-reply.js";
export type {
  ClientOperation,
  ClientPaths,
  ClientResponses,
  RequestBody,
  SignerSuppliedField,
  SpecRequestBody,
} from "./client-paths.js";
export type { CardProcessingClient, CreateClientOptions, PostInit } from "./create-client.js";
export { createClient } from "./create-client.js";
export type { CreateGatewayOptions } from "./create-gateway.js";
export { createGateway } from "./create-gateway.js";
export { parseCustomerReturn } from "./customer-return.js";
export type { CallOptions, GatewayBody, GatewayReply, PathOf } from "./gateway-call.js";
export type { GatewayErrorCode, GatewayErrorOptions } from "./gateway-error.js";
export { GatewayError } from "./gateway-error.js";
export type { GatewayFailure, GatewayResult } from "./gateway-result.js";
export type { Gateway, TransactionRef, WaitOptions } from "./gateway-types.js";
export type { GatewayOperations } from "./generated/gateway-operations.js";
export type { VendorMediaType } from "./media-types.js";
export { NetworkError } from "./network-error.js";
export type { NextStep, NextStepReply } from "./next-step.js";
export { nextStep } from "./next-step.js";
export { OrderNotFoundError } from "./order-not-found-error.js";
export type { OrderRecovery } from "./order-recovery.js";
export { OutcomeUnknownError } from "./outcome-unknown-error.js";
export type { ParamsInput } from "./params-input.js";
export { maskPersonalData } from "./personal-data-mask.js";
export type { PollClock, PollingSchedule } from "./polling-schedule.js";
export { documentedPollingSchedule } from "./polling-schedule.js";
export type { RecoverOptions, Recovery, RecoveryResult } from "./recovery.js";
export type { RedactionRules } from "./redaction.js";
export { redactFields, redactHeaders } from "./redaction.js";
export type { ReplyRecord } from "./reply-body.js";
export { parseReplyBody } from "./reply-body.js";
export type { ReplyErrorCode } from "./reply-error.js";
export { ReplyError } from "./reply-error.js";
export type { RequestLogEntry, RequestLogger } from "./request-log.js";
export type { MoneyOperationId, SendOnceOptions, SendOnceResult, SentOnce } from "./send-once-result.js";
export { ServerError } from "./server-error.js";
export type { CallbackToSign } from "./sign-callback.js";
export { signCallback } from "./sign-callback.js";
export { SignatureError } from "./signature-error.js";
export type { PollOptions, PollProgress } from "./status-poller.js";
export { pollForFinalStatus } from "./status-poller.js";
export { StatusUnchangedError } from "./status-unchanged-error.js";
export type { TelemetryOptions } from "./telemetry/telemetry-options.js";
export { TimeoutError } from "./timeout-error.js";
export type { ReportTransaction, TransactionReportQuery } from "./transaction-report.js";
export type { UsageErrorCode } from "./usage-error.js";
export { UsageError } from "./usage-error.js";
export { ValidationError } from "./validation-error.js";
