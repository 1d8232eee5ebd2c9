/**
 * Every name the gateway's telemetry writes: span attributes, the poll event and the metrics. The
 * OpenTelemetry semantic conventions where one applies (`http.*`, `server.*`, `url.full`,
 * `error.type`), the `card_processing.*` namespace for the rest; the client README lists them. Values never hold a card number
 * beyond its first six and last four digits, a CVV, a `control` value, a key or a password.
 */
export const telemetryNames = {
  // Semantic conventions (HTTP client, server, URL and error attributes).
  /** `POST` for a named operation, `GET` for the transactions report. */
  httpRequestMethod: "http.request.method",
  /** The HTTP status of the reply, when one came. */
  httpResponseStatusCode: "http.response.status_code",
  /** The gateway's host name. */
  serverAddress: "server.address",
  serverPort: "server.port",
  /** The operation's address without query, fragment or user info. */
  urlFull: "url.full",
  /** The error's `code` (`ERR_NETWORK`, `ERR_VALIDATION`...), or its name when it has none. */
  errorType: "error.type",

  // The gateway's own attributes.
  /** The gateway method: `sale`, `capture`, `waitForFinalStatus`, `recover`, `sendOnce`... */
  operation: "card_processing.operation",
  endpointId: "card_processing.endpoint_id",
  /** The endpoint group id, in place of the endpoint id, for a gateway created with `endpointGroupId`. */
  endpointGroupId: "card_processing.endpoint_group_id",
  /** The merchant's order id, card numbers inside it masked. */
  clientOrderId: "card_processing.client_orderid",
  /** The gateway's order id (`paynet-order-id`). */
  orderid: "card_processing.orderid",
  /** The `serial-number` of the reply: the gateway's support quotes it. */
  serialNumber: "card_processing.serial_number",
  /** The transaction status the gateway gave: `processing`, `approved`, `declined`, `error`, `filtered`... */
  status: "card_processing.status",
  /**
   * What became of the call: the final status when there is one, `processing`, `ok` for a reply
   * without a status, `unknown` (it may have taken effect) or `not-applied` (it did not).
   */
  outcome: "card_processing.outcome",
  /** The gateway's numeric `error-code`, from a refusal or a declined status. */
  gatewayErrorCode: "card_processing.error_code",
  /** How many status queries a wait made. */
  pollAttempts: "card_processing.poll.attempts",
  /** The operation a recovery asked about, or `sendOnce` sent (`sale`, `return`...). */
  recoveredOperation: "card_processing.recovery.operation",
  /** What a recovery learned: `true` (took effect), `false` (safe to send again) or `unknown`. */
  recoveryApplied: "card_processing.recovery.applied",
  /** Where a recovery learned it: `status` or `report`. */
  recoverySource: "card_processing.recovery.source",
  /** How `sendOnce` got its request through: `sent`, `resent` or `recovered`. */
  sendOnceHow: "card_processing.send_once.how",
  /** How many times `sendOnce` sent its request. */
  sendOnceSends: "card_processing.send_once.sends",
  /** How many times `sendOnce` asked `recover` about it. */
  sendOnceRecoveries: "card_processing.send_once.recoveries",
  /** Time since the wait began, on a poll event. */
  pollElapsedMs: "card_processing.poll.elapsed_ms",
  /** The wait before the next status query, on a poll event. */
  pollNextDelayMs: "card_processing.poll.next_delay_ms",

  // Events and metrics.
  /** The event added to a wait's span after each status query that did not end it. */
  pollEvent: "card_processing.poll",
  /** Histogram, seconds, by operation and outcome (and `error.type`). */
  durationMetric: "card_processing.operation.duration",
  /** Counter of calls whose outcome is unknown, by operation. */
  unknownOutcomesMetric: "card_processing.unknown_outcomes",
  /** Counter of recoveries, by recovered operation and `card_processing.recovery.applied`. */
  recoveriesMetric: "card_processing.recoveries",
} as const;
