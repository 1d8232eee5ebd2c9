import type { OperationEntry, SignatureRule, SignatureScheme } from "../../packages/types/src/operation-entry.ts";
import { postOperations, reportOperationOf } from "./api-operations.ts";
import { tsBanner } from "./banner.ts";
import type { BundledSpec } from "./bundle-spec.ts";
import { endpointGroupPathOf } from "./endpoint-groups.ts";
import { replyFactsOf } from "./reply-shape.ts";
import { checkedFieldPatterns, requestChecksOf } from "./request-checks.ts";
import { mediaTypesOf } from "./wire-format.ts";

// The schemes the spec's lint rule accepts; the generator refuses anything else rather than
// emitting an entry no signer knows.
const SCHEMES: ReadonlySet<string> = new Set(["control", "oauth-hmac-sha1", "oauth-rsa-sha256", "none"]);

/** Where a body field's `$ref` points decides how the SDK treats it. */
const FIELD_KINDS: Record<string, "amount" | "cardNumber" | "secret" | "clientOrderId"> = {
  "#/components/schemas/Amount": "amount",
  "#/components/schemas/ClientOrderId": "clientOrderId",
  "#/components/schemas/CardNumber": "cardNumber",
  "#/components/schemas/Cvv2": "secret",
  "#/components/schemas/Control": "secret",
  // CSV rows of many recurring payments: card numbers and CVV2s inside, never logged.
  "#/components/schemas/RecurringPaymentsCsv": "secret",
};

function schemaName(ref: unknown, where: string): string {
  const prefix = "#/components/schemas/";
  if (typeof ref !== "string" || !ref.startsWith(prefix)) {
    throw new Error(`${where}: expected a $ref to a named schema, got ${JSON.stringify(ref)}`);
  }
  return ref.slice(prefix.length);
}

/**
 * Every field of the spec's schemas that holds a person's data, with what it holds: `x-personal-data`
 * on the property, or on the named schema it refers to (`Email`, `IpAddress`). One map for the
 * whole API, since a field's name means the same in every body and reply; a name marked with two
 * kinds is refused.
 */
export function buildPersonalDataFields(spec: BundledSpec): Record<string, string> {
  const schemas: Record<string, any> = spec.components?.schemas ?? {};
  const out: Record<string, string> = {};
  for (const [schemaName, schema] of Object.entries<any>(schemas)) {
    for (const [name, prop] of Object.entries<any>(schema?.properties ?? {})) {
      const ref = typeof prop?.$ref === "string" ? schemas[prop.$ref.replace("#/components/schemas/", "")] : undefined;
      const kind = prop?.["x-personal-data"] ?? ref?.["x-personal-data"];
      if (kind === undefined) continue;
      const where = `components.schemas.${schemaName}.${name}`;
      if (typeof kind !== "string" || kind === "") throw new Error(`${where}: x-personal-data must name a kind`);
      if (out[name] !== undefined && out[name] !== kind)
        throw new Error(
          `${where}: x-personal-data ${kind}, but ${out[name]} elsewhere: a field's name means one thing`,
        );
      out[name] = kind;
    }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Every field name of the spec's schemas (bodies, replies, callback parameters), sorted: what the
 * client's request log shows as it is, while a field the spec does not know is masked whole.
 */
export function buildKnownFields(spec: BundledSpec): string[] {
  const names = new Set<string>();
  for (const schema of Object.values<any>(spec.components?.schemas ?? {})) {
    for (const name of Object.keys(schema?.properties ?? {})) names.add(name);
  }
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function signatureOf(node: any, where: string): SignatureRule {
  const sig = node?.["x-signature"];
  if (!sig || !SCHEMES.has(sig.scheme) || !Array.isArray(sig.terms)) {
    throw new Error(`${where}: x-signature must have a known scheme and a terms list`);
  }
  return { scheme: sig.scheme as SignatureScheme, terms: sig.terms as string[], assumed: sig["x-assumed"] === true };
}

/**
 * Builds one table entry per operation from the bundled spec, each of the types package's one
 * declaration of an entry, `OperationEntry`: the generator writes what the SDK reads.
 */
export function buildOperationTable(spec: BundledSpec): Record<string, OperationEntry> {
  const schemas = spec.components?.schemas ?? {};
  const media = mediaTypesOf(spec);
  const entries: Record<string, OperationEntry> = {};
  for (const [path, op] of postOperations(spec)) {
    const where = `POST ${path}`;
    const requestSchema = schemaName(op.requestBody?.content?.[media.form]?.schema?.$ref, `${where} request body`);
    const reply = replyFactsOf(
      schemas,
      op.responses?.["200"]?.content?.[media.vendor]?.schema?.$ref,
      `${where} 200 response`,
    );
    const body = schemas[requestSchema];
    if (!body) throw new Error(`${where}: schema ${requestSchema} is missing`);
    const groupPath = endpointGroupPathOf(path, op);
    const fieldsOf = (kind: string) =>
      Object.entries<any>(body.properties ?? {})
        .filter(([, prop]) => FIELD_KINDS[prop?.$ref] === kind)
        .map(([name]) => name);
    entries[path] = {
      operationId: op.operationId,
      path,
      signature: signatureOf(op, where),
      requiredFields: body.required ?? [],
      amountFields: fieldsOf("amount"),
      clientOrderIdFields: fieldsOf("clientOrderId"),
      cardNumberFields: fieldsOf("cardNumber"),
      secretFields: fieldsOf("secret"),
      movesMoney: op["x-moves-money"] === true,
      ...reply,
      reportTypes: op["x-report-types"] ?? [],
      ...requestChecksOf(body, schemas, `${where} ${requestSchema}`),
      ...(groupPath === undefined ? {} : { groupPath }),
    };
  }
  return entries;
}

const literal = (value: unknown) => JSON.stringify(value, null, 2);

/** The transactions report's facts: where it lives, how it is signed, its parameters and columns. */
export function buildReportOperation(spec: BundledSpec) {
  const schemas = spec.components?.schemas ?? {};
  const { path, operation, item } = reportOperationOf(spec);
  const where = `GET ${path}`;
  const server = item.servers?.[0]?.url ?? operation.servers?.[0]?.url;
  if (typeof server !== "string") throw new Error(`${where}: the report needs its own servers entry`);
  const parameters: any[] = operation.parameters ?? [];
  const types = parameters.find((p) => p.name === "transactionTypes")?.schema?.["x-report-types"];
  const statuses = parameters.find((p) => p.name === "transactionStatuses")?.schema?.["x-report-statuses"];
  const datePattern = schemas.ReportDateTime?.pattern;
  const maxPeriodDays = operation["x-max-period-days"];
  // The CSV reply's `contentSchema` is an array of rows: its items refer to the row's schema.
  const rowRef = operation.responses?.["200"]?.content?.["text/csv"]?.schema?.contentSchema?.items?.$ref;
  const row = typeof rowRef === "string" ? schemas[rowRef.split("/").pop() ?? ""] : undefined;
  if (
    !Array.isArray(types) ||
    !Array.isArray(statuses) ||
    typeof datePattern !== "string" ||
    typeof maxPeriodDays !== "number" ||
    !row?.properties
  ) {
    throw new Error(
      `${where}: needs x-report-types and x-report-statuses on its parameters, a ReportDateTime pattern, x-max-period-days and a text/csv reply whose contentSchema lists rows of a named schema`,
    );
  }
  return {
    operationId: operation.operationId as string,
    /** The path prefix of the report's server, which replaces the API's own (`/paynet` → `/paynet-ui`). */
    pathPrefix: new URL(server).pathname.replace(/\/$/, ""),
    path,
    signature: signatureOf(operation, where),
    requiredParameters: parameters.filter((p) => p.required === true).map((p) => p.name as string),
    parameters: parameters.map((p) => p.name as string),
    transactionTypes: types as string[],
    transactionStatuses: statuses as string[],
    /** The form of every date parameter (and of a row's \`created\`): \`YYYY-MM-DD HH:MM:SS\`. */
    datePattern,
    maxPeriodDays,
    columns: Object.keys(row.properties),
    requiredColumns: (row.required ?? []) as string[],
  };
}

/**
 * Renders the operation table and the status and callback facts as a TypeScript module of plain
 * `as const` literals.
 */
export function emitOperationTable(spec: BundledSpec): string {
  const schemas = spec.components?.schemas ?? {};
  const status = schemas.TransactionStatus;
  if (!status?.enum || !status["x-final-statuses"]) {
    throw new Error("components.schemas.TransactionStatus needs enum and x-final-statuses");
  }
  const errorCodes = schemas.ValidationErrorResponse?.properties?.["error-code"]?.["x-error-codes"];
  if (!errorCodes || typeof errorCodes !== "object") {
    throw new Error("components.schemas.ValidationErrorResponse needs x-error-codes on error-code");
  }
  const callback = signatureOf(schemas.CallbackParams, "CallbackParams");
  const transactionTypes = schemas.TransactionType?.enum;
  if (!Array.isArray(transactionTypes)) throw new Error("components.schemas.TransactionType needs an enum");
  const customerReturn = signatureOf(schemas.CustomerReturnParams, "CustomerReturnParams");
  const table = buildOperationTable(spec);
  return `${tsBanner}
import type { OperationEntry, SignatureRule } from "../operation-entry.js";

/**
 * Every operation of the API, keyed by its path template: operation id, signature rule and the
 * fields the SDK treats specially. Generated from \`spec/\`; summaries, tags and schemas are in
 * \`openapi.json\`.
 *
 * @example
 * \`\`\`ts
 * import { operationTable } from "@card-processing/types";
 * const { signature } = operationTable["/api/v2/capture/{endpointId}"];
 * // signature.terms: ["login", "client_orderid", "orderid", "amount", "currency"]
 * \`\`\`
 */
export const operationTable = ${literal(table)} as const satisfies Record<string, OperationEntry>;

/**
 * The exact type of \`operationTable\`.
 *
 * @example
 * \`\`\`ts
 * import type { OperationTable } from "@card-processing/types";
 * type SaleTerms = OperationTable["/api/v2/sale/{endpointId}"]["signature"]["terms"];
 * \`\`\`
 */
export type OperationTable = typeof operationTable;

/**
 * The transactions report (\`GET\` beside the API, under its own path prefix): how it is signed,
 * its query parameters, the transaction types it names, its longest period and its CSV columns.
 *
 * @example
 * \`\`\`ts
 * import { transactionReportOperation } from "@card-processing/types";
 * transactionReportOperation.maxPeriodDays; // 31
 * \`\`\`
 */
export const transactionReportOperation = ${literal(buildReportOperation(spec))} as const;

/**
 * Every field of a body or a reply that holds a person's data (the spec's \`x-personal-data\`),
 * with what it holds: \`name\`, \`email\`, \`phone\`, \`address\`, \`ip-address\`, \`birth-date\`,
 * \`national-id\`, \`bank-account\`. The client's request log masks them.
 *
 * @example
 * \`\`\`ts
 * import { personalDataFields } from "@card-processing/types";
 * personalDataFields.email; // "email"
 * \`\`\`
 */
export const personalDataFields = ${literal(buildPersonalDataFields(spec))} as const satisfies Record<string, string>;

/**
 * Every field name of a body, a reply or a callback in the spec. The client's request log masks a
 * field not among them whole, since it may hold a person's data the spec does not mark.
 *
 * @example
 * \`\`\`ts
 * import { knownFields } from "@card-processing/types";
 * knownFields.includes("order_desc"); // true
 * \`\`\`
 */
export const knownFields = ${literal(buildKnownFields(spec))} as const;

/**
 * Every transaction status the service reports.
 *
 * @example
 * \`\`\`ts
 * import { transactionStatuses } from "@card-processing/types";
 * transactionStatuses.includes("processing"); // true
 * \`\`\`
 */
export const transactionStatuses = ${literal(status.enum)} as const;

/**
 * The statuses after which a transaction no longer changes (save rare reconciliation).
 *
 * @example
 * \`\`\`ts
 * import { finalStatuses } from "@card-processing/types";
 * finalStatuses.includes("declined"); // true
 * \`\`\`
 */
export const finalStatuses = ${literal(status["x-final-statuses"])} as const;

/**
 * The numeric \`error-code\`s of refusals that clients branch on (the spec's \`x-error-codes\`):
 * \`unknown-reference\` means the gateway has no such order, card reference or subscription.
 *
 * @example
 * \`\`\`ts
 * import { gatewayErrorCodes } from "@card-processing/types";
 * gatewayErrorCodes["unknown-reference"]; // 4
 * \`\`\`
 */
export const gatewayErrorCodes = ${literal(errorCodes)} as const;

/**
 * Every transaction type the gateway names (the spec's \`TransactionType\`): a server callback
 * whose \`type\` is not one of these did not come from the gateway as it was sent.
 *
 * @example
 * \`\`\`ts
 * import { transactionTypes } from "@card-processing/types";
 * transactionTypes.includes("reversal"); // true
 * \`\`\`
 */
export const transactionTypes = ${literal(transactionTypes)} as const;

/**
 * How the \`control\` of a server callback is formed: SHA-1 over these parameters, then the key.
 *
 * @example
 * \`\`\`ts
 * import { callbackSignature } from "@card-processing/types";
 * callbackSignature.terms; // ["status", "orderid", "client_orderid"]
 * \`\`\`
 */
export const callbackSignature = ${literal(callback)} as const satisfies SignatureRule;

/**
 * How the \`control\` of a customer's return to \`redirect_url\` is formed.
 *
 * @example
 * \`\`\`ts
 * import { customerReturnSignature } from "@card-processing/types";
 * customerReturnSignature.terms; // ["status", "orderid", "merchant_order"]
 * \`\`\`
 */
export const customerReturnSignature = ${literal(customerReturn)} as const satisfies SignatureRule;

/**
 * The form of the request fields the SDK checks before sending (the spec's
 * \`x-checked-before-sending\` schemas), by field name, the same in every operation's body: the
 * \`pattern\` the gateway checks, and the rule in words.
 *
 * @example
 * \`\`\`ts
 * import { checkedFieldPatterns } from "@card-processing/types";
 * new RegExp(checkedFieldPatterns.currency.pattern).test("usd"); // false
 * \`\`\`
 */
export const checkedFieldPatterns = ${literal(checkedFieldPatterns(spec))} as const;
`;
}
