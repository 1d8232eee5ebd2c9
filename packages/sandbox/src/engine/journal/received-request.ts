/**
 * An API request the sandbox received, as the dashboard shows it: its fields redacted at intake
 * (card numbers as first six and last four digits; no CVV, `control`, password or signature), so
 * the sandbox never holds more than it may show. `at` is sandbox-clock time. Requests refused
 * before they reached the gateway (a `reset-before` or `http-502` network fault) are not here.
 *
 * @example
 * ```ts
 * import { startSandbox, type ReceivedRequest } from "@card-processing/sandbox";
 * const sandbox = await startSandbox();
 * const accepted = (r: ReceivedRequest) => r.http_status === 200;
 * console.log(sandbox.requests({ operation: "sale" }).filter(accepted).length); // 0
 * await sandbox.close();
 * ```
 */
export interface ReceivedRequest {
  readonly id: number;
  readonly at: string;
  /** The operation's name in the spec (`sale`, `status`, `capture`...). */
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

/**
 * Which received requests `sandbox.requests()` (and `GET /paynet/_admin/requests`) lists: each
 * field given must match exactly; none given lists them all.
 *
 * @example
 * ```ts
 * import { startSandbox, type ReceivedRequestQuery } from "@card-processing/sandbox";
 * const sandbox = await startSandbox();
 * const query: ReceivedRequestQuery = { client_orderid: "902B4FF5", operation: "sale" };
 * console.log(sandbox.requests(query).length); // how many sales of 902B4FF5 reached the gateway
 * await sandbox.close();
 * ```
 */
export interface ReceivedRequestQuery {
  readonly client_orderid?: string | undefined;
  readonly orderid?: string | undefined;
  /** The operation's name in the spec: `sale`, `capture`, `return`, `status`... */
  readonly operation?: string | undefined;
}

const queryFields = ["client_orderid", "orderid", "operation"] as const;

/**
 * Checks a query as `sandbox.requests()` and the admin route take it: only its three fields, each
 * a string; throws a `TypeError` naming the field otherwise (a misspelt field would list everything).
 */
export function checkReceivedRequestQuery(query: unknown): ReceivedRequestQuery {
  if (query === null || typeof query !== "object")
    throw new TypeError(`requests: expected an object with ${queryFields.join(", ")}, got ${String(query)}`);
  for (const [name, value] of Object.entries(query)) {
    if (!(queryFields as readonly string[]).includes(name))
      throw new TypeError(`requests: unknown field '${name.slice(0, 40)}': use ${queryFields.join(", ")}`);
    if (value !== undefined && typeof value !== "string")
      throw new TypeError(`requests: field '${name}' must be a string, got ${typeof value}`);
  }
  return query as ReceivedRequestQuery;
}

/** The requests of `requests` that `query` names, in the order given (oldest first). */
export function receivedRequestsMatching(
  requests: readonly ReceivedRequest[],
  query: ReceivedRequestQuery,
): ReceivedRequest[] {
  const { client_orderid, orderid, operation } = query;
  return requests.filter(
    (r) =>
      (client_orderid === undefined || r.client_orderid === client_orderid) &&
      (orderid === undefined || r.orderid === orderid) &&
      (operation === undefined || r.operation === operation),
  );
}
