export type { CallbackCheckOrder } from "./conformance/callback-cases.js";
export type {
  CallbackCheckOptions,
  CallbackCheckReport,
  CallbackCheckResult,
} from "./conformance/check-callback-endpoint.js";
export { checkCallbackEndpoint } from "./conformance/check-callback-endpoint.js";
export type { CallbackDelivery } from "./delivery/callback-dispatcher.js";
export type { CallbackMatch } from "./delivery/callback-waiter.js";
export { documentedRetryDelaysMs } from "./delivery/retry-schedule.js";
export type { OrderEventType } from "./engine/events/event-rules.js";
export type { OrderEvent, OrderEventRequest } from "./engine/events/order-event.js";
export { EventRefusedError } from "./engine/events/order-event.js";
export type { ReceivedRequest, ReceivedRequestQuery } from "./engine/journal/received-request.js";
export type { OrderPageQuery } from "./engine/orders/order-page-query.js";
export { OrderPageQueryError } from "./engine/orders/order-page-query.js";
export type { SandboxClockControl } from "./engine/sandbox-controls.js";
export type { ClockMode } from "./engine/time/sandbox-clock.js";
export type {
  CallbackRetryOptions,
  DuplicateClientOrderId,
  SandboxOptions,
  SandboxTls,
} from "./options/sandbox-options.js";
export type { FindingRule, ProxyFinding } from "./proxy/finding.js";
export type { ProxyOptions } from "./proxy/proxy-options.js";
export type { ValidationProxy } from "./proxy/start-proxy.js";
export { startProxy } from "./proxy/start-proxy.js";
export type { SandboxTime } from "./sandbox-time.js";
export { sandboxTime } from "./sandbox-time.js";
export type { OrderSummary } from "./server/admin/order-summary.js";
export type { FaultKind, FaultRates, FaultRequest, PlayedFault, QueuedFault } from "./server/api/network-faults.js";
export { FaultRefusedError, faultKinds } from "./server/api/network-faults.js";
export type { CustomerReturn, HostedPagePayment } from "./server/pages/pay-hosted-page.js";
export type { OrderSummaryPage, Sandbox, SandboxFaults } from "./start-sandbox.js";
export { startSandbox } from "./start-sandbox.js";
export { DataDirError } from "./store/data-dir-error.js";
export { cvv2TestValues, otherCvv2Behaviour } from "./test-values/cvv2-test-values.js";
export { payoutTestValueLines } from "./test-values/payout-test-value-lines.js";
export { testBankAccounts, testCardsWithoutCvv2 } from "./test-values/payout-test-values.js";
export type { SampleOrder } from "./test-values/sample-order.js";
export { sampleOrder } from "./test-values/sample-order.js";
export type { TestCardChoice, TestCardFields } from "./test-values/test-card.js";
export { testCard } from "./test-values/test-card.js";
export type { TestCardBehaviour } from "./test-values/test-card-behaviour.js";
export { testCards } from "./test-values/test-cards.js";
