import type { IncomingMessage, ServerResponse } from "node:http";
import { type NonceStore, verifyOAuth } from "@card-processing/signing";
import { transactionReportOperation as report } from "@card-processing/types";
import type { GatewayEngine } from "../../engine/gateway-engine.js";
import { reportTransactions } from "../../engine/report/report-transactions.js";
import { errorCodes, PAY_JSON, refuse } from "../../operations/replies.js";
import { csvCell } from "./csv-cell.js";
import { requestAddress } from "./request-scheme.js";
import { sendReply } from "./send-reply.js";

/** Where the sandbox serves the transactions report: the spec's path under its own prefix. */
export const transactionReportPath = `${report.pathPrefix}${report.path}`;

const DATE_FORM = new RegExp(report.datePattern);
const DAY_MS = 86_400_000;

/** A report date in milliseconds (UTC), or `undefined` when it is not `YYYY-MM-DD HH:MM:SS`. */
function reportDateMs(text: string | null): number | undefined {
  if (text === null || !DATE_FORM.test(text)) return undefined;
  const ms = Date.parse(`${text.replace(" ", "T")}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

function listOf(params: URLSearchParams, name: string): string[] {
  const value = params.get(name);
  return value === null || value === "" ? [] : value.split(",").map((v) => v.trim());
}

/** Why the query cannot be answered, or the report's query in sandbox-clock milliseconds. */
function readQuery(engine: GatewayEngine, params: URLSearchParams) {
  for (const name of report.requiredParameters) {
    if (!params.get(name)) return `${name} is required`;
  }
  for (const name of params.keys()) {
    if (!(report.parameters as readonly string[]).includes(name)) return `unknown parameter ${name}`;
  }
  const from = reportDateMs(params.get("createdFromDate"));
  const to = reportDateMs(params.get("createdToDate"));
  if (from === undefined) return "createdFromDate must be YYYY-MM-DD HH:MM:SS";
  if (to === undefined) return "createdToDate must be YYYY-MM-DD HH:MM:SS";
  if (to < from) return "createdToDate is before createdFromDate";
  if (to - from > report.maxPeriodDays * DAY_MS) return `the period exceeds ${report.maxPeriodDays} days`;
  const types = listOf(params, "transactionTypes");
  const unknownType = types.find((t) => !(report.transactionTypes as readonly string[]).includes(t));
  if (unknownType !== undefined) return `unknown transaction type ${unknownType}`;
  const statuses = listOf(params, "transactionStatuses");
  const unknownStatus = statuses.find((s) => !(report.transactionStatuses as readonly string[]).includes(s));
  if (unknownStatus !== undefined) return `unknown transaction status ${unknownStatus}`;
  const endpoints = listOf(params, "endpoints");
  const foreign = endpoints.find((e) => !/^[0-9]{1,18}$/.test(e) || !engine.options.endpointIds.has(String(BigInt(e))));
  if (foreign !== undefined) return `endpoint ${foreign.slice(0, 20)} is not the merchant's`;
  return {
    // A date names a whole second: `createdToDate` covers the milliseconds of its second.
    from,
    to: to + 999,
    endpoints: new Set(
      endpoints.length > 0
        ? endpoints.map((e) => String(BigInt(e)))
        : new Set([...engine.options.endpointIds, ...engine.options.endpointGroupIds]),
    ),
    types: new Set(types),
    statuses: new Set(statuses),
  };
}

/**
 * Serves the transactions report as the spec describes it: a `GET` signed with OAuth HMAC-SHA1
 * by the sandbox's merchant, its parameters checked (400 naming the problem), answered with CSV
 * whose header names the spec's columns, each cell a spreadsheet would run as a formula made text
 * (`csvCell`). Returns the log line's text.
 */
export async function serveTransactionReport(
  engine: GatewayEngine,
  request: IncomingMessage,
  url: URL,
  response: ServerResponse,
  nonces: NonceStore,
): Promise<string> {
  if (request.method !== "GET") {
    sendReply(response, refuse(`the transactions report is a GET, not ${request.method ?? "?"}`));
    return "400 not a GET";
  }
  const signature = await verifyOAuth({
    method: "GET",
    url: requestAddress(request, engine.baseUrl),
    body: new URLSearchParams(),
    authorization: request.headers.authorization ?? "",
    scheme: report.signature.scheme,
    controlKey: engine.options.controlKey,
    windowSeconds: engine.options.oauthWindowSeconds,
    nonceStore: nonces,
  });
  const refusal = !signature.ok
    ? signature.reason
    : signature.consumerKey !== engine.options.login
      ? `oauth_consumer_key '${signature.consumerKey}' is not known to this sandbox`
      : undefined;
  if (refusal !== undefined) {
    // The spec answers a signature the report does not accept with 401, in the API's error form.
    const text = JSON.stringify(refuse(refusal, errorCodes.signature).body);
    response.writeHead(401, { "content-type": `${PAY_JSON}; charset=utf-8`, "cache-control": "no-store" });
    response.end(text);
    return `401 ${refusal}`;
  }
  const query = readQuery(engine, url.searchParams);
  if (typeof query === "string") {
    sendReply(response, refuse(query));
    return `400 ${query}`;
  }
  const rows = reportTransactions(engine.book.oldestFirst(), query);
  const lines = [report.columns.join(",")];
  for (const row of rows) {
    lines.push(report.columns.map((c) => csvCell((row as Record<string, string | undefined>)[c] ?? "")).join(","));
  }
  const text = `${lines.join("\r\n")}\r\n`;
  response.writeHead(200, {
    "content-type": "text/csv; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
  return `200 transactionReport ${rows.length} transactions`;
}
