import { maskCardNumbersInText, signOAuth } from "@card-processing/signing";
import { type components, transactionReportOperation as report } from "@card-processing/types";
import type { GatewayResult } from "../errors/gateway-result.js";
import { checkKnownKeys } from "../errors/known-keys.js";
import { NetworkError } from "../errors/network-error.js";
import { ReplyError } from "../errors/reply-error.js";
import { ServerError } from "../errors/server-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import { usageError } from "../errors/usage-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { abortedCall } from "../polling/aborted-call.js";
import { redactedRequest } from "../redaction/redaction.js";
import { parseReplyBody } from "../replies/reply-body.js";
import { REPORT_BODY_LIMIT } from "../transport/capped-body.js";
import type { RequestSender } from "../transport/request-sender.js";
import { whyNotSent } from "../transport/unsent-request.js";
import { csvRows } from "./csv-rows.js";

/**
 * One transaction of the gateway's transactions report (a CSV row, its columns as the spec names
 * them): its type on the gateway's side (`sale`, `reversal`, `cancel`, `capture`...), status,
 * order, amount and the `serial-number` of the request that made it.
 *
 * @example
 * ```ts
 * import type { ReportTransaction } from "@card-processing/client";
 * const refunded = (rows: ReportTransaction[]) => rows.filter((t) => t.type === "reversal" && t.status === "approved");
 * ```
 */
export type ReportTransaction = components["schemas"]["TransactionReportRow"];

/**
 * What {@link Gateway.transactionReport} asks for: the creation period (a `Date`, or the gateway's
 * `YYYY-MM-DD HH:MM:SS`; at most 31 days), and optionally transaction types, statuses and
 * endpoints (the gateway's own endpoint when absent).
 *
 * @example
 * ```ts
 * import type { TransactionReportQuery } from "@card-processing/client";
 * const yesterday: TransactionReportQuery = {
 *   createdFromDate: new Date(Date.now() - 86_400_000),
 *   createdToDate: new Date(),
 *   transactionTypes: ["reversal", "cancel"],
 * };
 * ```
 */
export interface TransactionReportQuery {
  readonly createdFromDate: Date | string;
  readonly createdToDate: Date | string;
  readonly bankFromDate?: Date | string | undefined;
  readonly bankToDate?: Date | string | undefined;
  readonly transactionTypes?: readonly (typeof report.transactionTypes)[number][] | undefined;
  readonly transactionStatuses?: readonly (typeof report.transactionStatuses)[number][] | undefined;
  /**
   * Endpoint ids of the merchant; the gateway's `endpointId` when absent, or every endpoint of the
   * merchant for a gateway created with `endpointGroupId`.
   */
  readonly endpoints?: readonly (number | string)[] | undefined;
}

/** What sending the report needs from the gateway it belongs to. */
export interface ReportConnection {
  readonly baseUrl: string;
  /** The report's own address, when it is not the base address with `/paynet` made `/paynet-ui`. */
  readonly reportUrl: string | undefined;
  /** The gateway's endpoint; `undefined` for a gateway on an endpoint group. */
  readonly endpointId: number | string | undefined;
  readonly login: string;
  readonly controlKey: string;
  /** The gateway's request sender (User-Agent, deadline, redirect rule, Retry-After). */
  readonly sender: RequestSender;
  readonly timeoutMs: number;
}

const DAY_MS = 86_400_000;
const queryKeys = report.parameters as readonly string[];

/** A moment in the report's form, `YYYY-MM-DD HH:MM:SS` in UTC (the gateway's time zone is assumed UTC). */
export function reportDateTime(value: Date | string, field: string): string {
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return value.toISOString().slice(0, 19).replace("T", " ");
  if (typeof value === "string" && new RegExp(report.datePattern).test(value)) return value;
  throw usageError("ERR_FIELD_INVALID", field, "expected a Date or 'YYYY-MM-DD HH:MM:SS'", report.operationId);
}

/** The report's address: given, or the base address's last `/paynet` segment replaced by the report's prefix. */
function reportAddress(connection: ReportConnection): URL {
  if (connection.reportUrl !== undefined) return new URL(connection.reportUrl);
  const base = new URL(connection.baseUrl);
  const path = base.pathname.replace(/\/+$/, "");
  if (!path.endsWith("/paynet")) {
    throw usageError(
      "ERR_OPTION_INVALID",
      "reportUrl",
      `the base address does not end in /paynet, so the report's address (…${report.pathPrefix}${report.path}) cannot be derived: pass reportUrl to createGateway`,
      report.operationId,
    );
  }
  base.pathname = `${path.slice(0, -"/paynet".length)}${report.pathPrefix}${report.path}`;
  return base;
}

/** The query parameters, checked as the spec states them, before anything is sent. */
function reportParams(query: TransactionReportQuery, endpointId: number | string | undefined): URLSearchParams {
  if (query === null || typeof query !== "object") {
    throw usageError("ERR_FIELD_INVALID", "query", "expected the report's parameters", report.operationId);
  }
  checkKnownKeys(query, queryKeys, "query", report.operationId);
  const params = new URLSearchParams();
  const from = reportDateTime(query.createdFromDate, "createdFromDate");
  const to = reportDateTime(query.createdToDate, "createdToDate");
  const span = Date.parse(`${to.replace(" ", "T")}Z`) - Date.parse(`${from.replace(" ", "T")}Z`);
  if (span < 0 || span > report.maxPeriodDays * DAY_MS) {
    throw usageError(
      "ERR_FIELD_INVALID",
      "createdToDate",
      `expected a moment after createdFromDate and at most ${report.maxPeriodDays} days after it`,
      report.operationId,
    );
  }
  params.set("createdFromDate", from);
  params.set("createdToDate", to);
  for (const field of ["bankFromDate", "bankToDate"] as const) {
    const value = query[field];
    if (value !== undefined) params.set(field, reportDateTime(value, field));
  }
  const types = query.transactionTypes ?? [];
  const unknown = types.find((type) => !(report.transactionTypes as readonly string[]).includes(type));
  if (unknown !== undefined) {
    throw usageError(
      "ERR_FIELD_INVALID",
      "transactionTypes",
      `expected types among ${report.transactionTypes.join(", ")}`,
      report.operationId,
    );
  }
  if (types.length > 0) params.set("transactionTypes", types.join(","));
  if (query.transactionStatuses?.length) params.set("transactionStatuses", query.transactionStatuses.join(","));
  // Absent, the report covers every endpoint of the merchant: what a gateway on a group asks for.
  const endpoints = query.endpoints ?? (endpointId === undefined ? [] : [endpointId]);
  if (endpoints.length > 0) params.set("endpoints", endpoints.join(","));
  return params;
}

/**
 * Asks the gateway for its transactions report, signed with OAuth HMAC-SHA1, and reads the CSV
 * into rows. Misuse throws before sending; a refusal, a failure, a redirect (never followed), an
 * unreadable reply, one past the report's size limit (`ERR_REPLY_TOO_LARGE`, left unread: ask for
 * a shorter period) or the caller's abort (`ERR_ABORTED`) is an `error` value (the report moves no
 * money: its `outcome` is `"not-applied"`).
 *
 * The rows hold the gateway's values as they are, and some come from whoever sent the request:
 * a `merchant-order-id` may begin with `=`, `+`, `-`, `@`, a tab or a carriage return, which a
 * spreadsheet runs as a formula (`=HYPERLINK(...)`). Before writing rows to a CSV file or sheet
 * a person opens, make such a cell text (the OWASP rule: prefix it with `'`); the sandbox's own
 * report does so already, a real gateway's may not.
 */
export async function fetchTransactionReport(
  connection: ReportConnection,
  query: TransactionReportQuery,
  signal?: AbortSignal,
): Promise<GatewayResult<ReportTransaction[]>> {
  const url = reportAddress(connection);
  url.search = reportParams(query, connection.endpointId).toString();
  const { authorization } = await signOAuth(
    { scheme: report.signature.scheme, consumerKey: connection.login, controlKey: connection.controlKey },
    { method: "GET", url },
  );
  const request = new Request(url, { method: "GET", headers: { Authorization: authorization, Accept: "text/csv" } });
  const about = { request: redactedRequest(request), operationId: report.operationId, outcome: "not-applied" as const };
  // The report moves no money: a 429 or 503 that asks to wait is waited out and the report asked again.
  const outcome = await connection.sender(request, {
    body: null,
    signal,
    repeatable: true,
    maxBytes: REPORT_BODY_LIMIT,
  });
  if (outcome.kind === "failed") {
    const { error } = outcome;
    if (signal?.aborted)
      return { error: abortedCall(report.operationId, signal.reason, outcome.leaving, about), response: undefined };
    if (outcome.timedOut) {
      return {
        error: new TimeoutError(`${report.operationId}: no complete reply within ${connection.timeoutMs} ms.`, {
          ...about,
          cause: error,
          timeoutMs: connection.timeoutMs,
        }),
        response: undefined,
      };
    }
    const why = whyNotSent(error, url.href);
    return {
      error: new NetworkError(`${report.operationId}: ${why ?? "the connection failed"}.`, { ...about, cause: error }),
      response: undefined,
    };
  }
  const { response } = outcome;
  if (outcome.kind === "redirect") {
    // Never followed: the signed request would go to its Location.
    const message = `${report.operationId}: the reply is ${outcome.redirect}.`;
    return { error: new ReplyError(message, { ...about, response, code: "ERR_REPLY_REDIRECT" }), response };
  }
  if (outcome.kind === "too-large") {
    const message = `${report.operationId}: the reply is over the ${outcome.limit} bytes the client reads of the report, and was left unread: ask for a shorter period.`;
    return { error: new ReplyError(message, { ...about, response, code: "ERR_REPLY_TOO_LARGE" }), response };
  }
  const { text } = outcome;
  const details = { ...about, response };
  if (!response.ok) {
    const reply = parseReplyBody(text, response.headers.get("content-type"));
    const said =
      typeof reply?.["error-message"] === "string" ? `: ${maskCardNumbersInText(reply["error-message"])}` : "";
    // Only the gateway's own refusal is one; a proxy's 4xx page is a failure to ride out.
    if (reply?.["type"] === "validation-error") {
      const message = `${report.operationId}: the gateway refused the report (HTTP ${response.status})${said}.`;
      return { error: new ValidationError(message, details), response };
    }
    const who =
      reply?.["type"] === undefined ? "something between you and the gateway (not a gateway reply)" : "the gateway";
    const message = `${report.operationId}: HTTP ${response.status} from ${who}${said}.`;
    return {
      error: new ServerError(message, details),
      response,
    };
  }
  const rows = csvRows(text);
  const missing = rows === undefined ? undefined : report.requiredColumns.find((c) => rows[0] && !(c in rows[0]));
  if (rows === undefined || missing !== undefined) {
    const why = rows === undefined ? "is not CSV" : `has no column ${missing}`;
    return { error: new ServerError(`${report.operationId}: the reply ${why}.`, details), response };
  }
  return { data: rows as unknown as ReportTransaction[], response };
}
