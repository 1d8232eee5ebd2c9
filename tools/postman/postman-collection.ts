import { readFileSync } from "node:fs";
import { exponents } from "../../packages/signing/src/currency-exponents.ts";
import type { BundledSpec } from "../generate/bundle-spec.ts";
import { buildOperationTable, buildReportOperation } from "../generate/emit-operation-table.ts";

const FORM = "application/x-www-form-urlencoded";
const VENDOR = "application/vnd.pay+json";
const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

/** What the collection's scripts know of one request, keyed by its item id (the operationId). */
interface RequestFacts {
  readonly scheme: string;
  readonly terms: readonly string[];
  readonly amountFields: readonly string[];
  /** The `type` of the operation's 200 example, when it has one. */
  readonly replyType: string | undefined;
}

type Json = Record<string, any>;

function scriptLines(file: string, data: Record<string, unknown>): string[] {
  const preamble = Object.entries(data).map(([name, value]) => `const ${name} = ${JSON.stringify(value)};`);
  const body = readFileSync(new URL(file, import.meta.url), "utf8")
    .trimEnd()
    .split("\n");
  return [`// Generated from the spec by tools/postman/postman-collection.ts.`, ...preamble, ...body];
}

function firstExample(media: Json | undefined): unknown {
  if (media === undefined) return undefined;
  if (media["example"] !== undefined) return media["example"];
  return (Object.values(media["examples"] ?? {})[0] as Json | undefined)?.["value"];
}

function schemaOf(spec: BundledSpec, schema: Json | undefined): Json | undefined {
  const ref = schema?.["$ref"];
  return typeof ref === "string" ? spec["components"]?.schemas?.[ref.split("/").pop() ?? ""] : schema;
}

function replyTypeOf(spec: BundledSpec, operation: Json): string | undefined {
  let ok = operation["responses"]?.["200"];
  if (typeof ok?.$ref === "string") ok = spec["components"]?.responses?.[ok.$ref.split("/").pop()];
  const example = firstExample(ok?.content?.[VENDOR]) as Json | undefined;
  return typeof example?.["type"] === "string" ? example["type"] : undefined;
}

// The example merchant's login and endpoint stand in for the example's own.
function bodyOf(operation: Json, operationId: string): Array<{ key: string; value: string }> {
  const example = firstExample(operation["requestBody"]?.content?.[FORM]) as Json | undefined;
  if (example === undefined) throw new Error(`${operationId} has no request example in the spec`);
  return Object.entries(example)
    .filter(([name]) => name !== "control")
    .map(([key, value]) => ({ key, value: key === "login" ? "{{login}}" : String(value) }));
}

function urlOf(base: string, path: string, query: ReadonlyArray<readonly [string, string]> = []): Json {
  const segments = path.replace("{endpointId}", "{{endpointId}}").split("/").filter(Boolean);
  const search = query.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
  return {
    raw: `{{${base}}}/${segments.join("/")}${search === "" ? "" : `?${search}`}`,
    host: [`{{${base}}}`],
    path: segments,
    ...(query.length === 0 ? {} : { query: query.map(([key, value]) => ({ key, value: encodeURIComponent(value) })) }),
  };
}

/**
 * A Postman Collection v2.1 of the bundled spec: one request per operation (the transactions
 * report included), each with the spec's first request example as its urlencoded body, grouped by
 * tag; the example merchant (`x-example-merchant`) as collection variables; a collection-level
 * pre-request script that signs each request from its `x-signature` (control, OAuth 1.0a HMAC-SHA1
 * or RSA-SHA256) and a test script that checks each reply against the operation's 200 example.
 *
 * @example
 * ```ts
 * const collection = postmanCollection(JSON.parse(readFileSync("packages/types/openapi.json", "utf8")));
 * collection.item[0].item[0].request.url.raw; // "{{baseUrl}}/api/v2/sale/{{endpointId}}"
 * ```
 */
export function postmanCollection(spec: BundledSpec): Json {
  const merchant = spec["x-example-merchant"];
  if (!merchant?.login || !merchant.controlKey || !merchant.rsaPrivateKeyPem) {
    throw new Error("The spec has no x-example-merchant with login, controlKey and rsaPrivateKeyPem.");
  }
  const local = (servers: Json[] | undefined) =>
    (servers ?? []).find((server) => String(server.url).startsWith("http://127.0.0.1"))?.url as string | undefined;
  const facts: Record<string, RequestFacts> = {};
  const folders = new Map<string, Json[]>();
  const add = (tag: string, item: Json) => folders.set(tag, [...(folders.get(tag) ?? []), item]);
  for (const entry of Object.values(buildOperationTable(spec))) {
    const operation = spec["paths"][entry.path].post as Json;
    facts[entry.operationId] = {
      scheme: entry.signature.scheme,
      terms: entry.signature.terms,
      amountFields: entry.amountFields,
      replyType: replyTypeOf(spec, operation),
    };
    add(operation["tags"]?.[0] ?? "Operations", {
      id: entry.operationId,
      name: operation["summary"] ?? entry.operationId,
      request: {
        method: "POST",
        header: [
          { key: "Accept", value: VENDOR },
          { key: "Content-Type", value: FORM },
        ],
        url: urlOf("baseUrl", entry.path),
        body: { mode: "urlencoded", urlencoded: bodyOf(operation, entry.operationId) },
        description: operation["description"] ?? "",
      },
    });
  }
  const report = buildReportOperation(spec);
  let reportBaseUrl = `http://127.0.0.1:8080${report.pathPrefix}`;
  const reportPath = Object.keys(spec["paths"]).find(
    (path) => spec["paths"][path].get?.operationId === report.operationId,
  );
  if (reportPath !== undefined) {
    const operation = spec["paths"][reportPath].get as Json;
    reportBaseUrl = local(operation["servers"] ?? spec["paths"][reportPath].servers) ?? reportBaseUrl;
    const query = (operation["parameters"] ?? [])
      .filter((p: Json) => p.in === "query" && p.required === true)
      .map((p: Json) => [p.name, String(p.example ?? schemaOf(spec, p.schema)?.examples?.[0] ?? "")] as const);
    facts[report.operationId] = { scheme: "oauth-hmac-sha1", terms: [], amountFields: [], replyType: undefined };
    add(operation["tags"]?.[0] ?? "Reports", {
      id: report.operationId,
      name: operation["summary"] ?? report.operationId,
      request: {
        method: "GET",
        header: [{ key: "Accept", value: VENDOR }],
        url: urlOf("reportBaseUrl", reportPath, query),
        description: operation["description"] ?? "",
      },
    });
  }
  const nonTwo = Object.fromEntries(Object.entries(exponents).filter(([, exponent]) => exponent !== 2));
  const errorCodes =
    spec["components"]?.schemas?.ValidationErrorResponse?.properties?.["error-code"]?.["x-error-codes"];
  return {
    info: {
      name: spec["info"]?.title ?? "Card Processing API",
      description: `${String(merchant.description ?? "").trim()}\n\nGenerated from the spec; every request is signed by the collection's pre-request script from its operation's \`x-signature\`.`,
      schema: SCHEMA,
    },
    variable: [
      { key: "baseUrl", value: local(spec["servers"]) ?? "http://127.0.0.1:8080/paynet" },
      { key: "reportBaseUrl", value: reportBaseUrl },
      { key: "login", value: merchant.login },
      { key: "endpointId", value: String(merchant.endpointId) },
      { key: "controlKey", value: merchant.controlKey },
      { key: "rsaPrivateKey", value: merchant.rsaPrivateKeyPem },
    ],
    event: [
      {
        listen: "prerequest",
        script: {
          type: "text/javascript",
          exec: scriptLines("pre-request-script.js", { operations: facts, exponents: nonTwo }),
        },
      },
      {
        listen: "test",
        script: { type: "text/javascript", exec: scriptLines("test-script.js", { operations: facts, errorCodes }) },
      },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}
