/**
 * An API request the sandbox received, as the dashboard shows it: its fields redacted at intake
 * (card numbers as first six and last four digits; no CVV, `control`, password or signature), so
 * the sandbox never holds more than it may show. `at` is sandbox-clock time.
 */
export interface ReceivedRequest {
  readonly id: number;
  readonly at: string;
  readonly operation: string;
  readonly endpoint_id: string;
  /** The order it created or concerned, when known. */
  readonly orderid: string | undefined;
  readonly client_orderid: string | undefined;
  readonly fields: Readonly<Record<string, string>>;
  readonly http_status: number;
  /** The reply's `status`, or its error message. */
  readonly outcome: string;
}
