import { readFileSync } from "node:fs";
import { currencyExponent, toMinorUnits } from "../../packages/signing/src/index.ts";
import {
  exampleMerchant,
  type OperationEntry,
  operationTable,
  transactionReportOperation,
} from "../../packages/types/src/index.ts";
import { referenceEnvOf } from "./reference-fields.ts";

/** One field of a sample's request: its name, its example value, and the variable that may replace it. */
export interface SampleField {
  readonly name: string;
  /** The example value as the wire carries it (text). */
  readonly value: string;
  /** The example value as JSON has it (a number or a boolean stays one), for the TypeScript sample. */
  readonly json: unknown;
  /** The environment variable a sample reads this value from, when it names an existing order, card or payment. */
  readonly env?: string;
}

/** One term of a `control` signature, as a sample computes it. */
export type ControlTerm =
  | { readonly kind: "endpointId" }
  | { readonly kind: "login" }
  | { readonly kind: "field"; readonly name: string }
  /** An amount, signed in minor units: the amount with its decimal point dropped (the currency has two decimals). */
  | { readonly kind: "minor-units"; readonly name: string; readonly currency: string };

/** What every language's sample of one operation is written from: the spec's example and signature rule. */
export interface SampleOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly method: "POST" | "GET";
  /** The path template after the base address, `{endpointId}` in it for the API's operations. */
  readonly path: string;
  /** The environment variable of the base address, and its local sandbox default. */
  readonly baseUrl: { readonly env: "GATEWAY_URL" | "GATEWAY_UI_URL"; readonly local: string };
  readonly scheme: OperationEntry["signature"]["scheme"];
  /** The `control` terms present in the example (a term the example leaves out is left out of the digest too). */
  readonly controlTerms: readonly ControlTerm[];
  /** Body fields (POST) or query parameters (GET), in the example's order, `control` left out. */
  readonly fields: readonly SampleField[];
  /**
   * The media type of the 200 reply, and what makes a reply this operation's: the `type` its
   * example states (when it states one) and the keys it always has, or for CSV the header row.
   */
  readonly reply: {
    readonly mediaType: string;
    readonly type?: string;
    readonly requiredKeys?: readonly string[];
    readonly firstLine?: string;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the bundled spec is plain JSON, read by shape.
type Json = Record<string, any>;

const specFile = new URL("../../packages/types/openapi.json", import.meta.url);

/** The bundled spec, as the docs build and the packages read it. */
export function bundledSpec(): Json {
  return JSON.parse(readFileSync(specFile, "utf8")) as Json;
}

/** The local sandbox's address among a `servers` list (`http://127.0.0.1:8080/...`). */
function localServer(servers: readonly { url: string }[] | undefined, where: string): string {
  const local = servers?.find((server) => server.url.startsWith("http://127.0.0.1"));
  if (local === undefined) throw new Error(`${where}: no http://127.0.0.1 server to default samples to`);
  return local.url;
}

function schemaOf(spec: Json, ref: string | undefined): Json {
  const name = ref?.replace("#/components/schemas/", "");
  const schema = name === undefined ? undefined : spec.components.schemas[name];
  if (schema === undefined) throw new Error(`no schema ${String(ref)}`);
  return schema;
}

/** A request schema's properties, its `allOf` parts included. */
function propertiesOf(spec: Json, schema: Json): Json {
  const own = { ...(schema.properties ?? {}) };
  for (const part of schema.allOf ?? [])
    Object.assign(own, propertiesOf(spec, part.$ref ? schemaOf(spec, part.$ref) : part));
  return own;
}

function firstExample(content: Json, where: string): unknown {
  if (content.example !== undefined) return content.example;
  const first = Object.values(content.examples ?? {})[0] as Json | undefined;
  if (first?.value === undefined) throw new Error(`${where}: no example to write a sample from`);
  return first.value;
}

function replyOf(operation: Json, where: string, requiredKeys: readonly string[] = []): SampleOperation["reply"] {
  const content = operation.responses?.["200"]?.content as Json | undefined;
  const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
  if (mediaType === undefined) throw new Error(`${where}: no 200 reply`);
  const example = firstExample(media, `${where} 200 reply`);
  if (typeof example === "string") return { mediaType, firstLine: example.split("\n")[0] ?? "" };
  const type = (example as Json).type;
  return { mediaType, requiredKeys, ...(typeof type === "string" ? { type } : {}) };
}

function controlTermsOf(entry: OperationEntry, fields: readonly SampleField[]): ControlTerm[] {
  if (entry.signature.scheme !== "control") return [];
  const value = (name: string) => fields.find((field) => field.name === name)?.value;
  return entry.signature.terms.flatMap((name): ControlTerm[] => {
    if (name === "endpointId" || name === "login") return [{ kind: name }];
    const given = value(name);
    if (given === undefined) return [];
    if (!entry.amountFields.includes(name)) return [{ kind: "field", name }];
    const currency = value("currency") ?? "";
    // The samples drop the decimal point: right only for an amount written with its currency's two decimals.
    if (currencyExponent(currency) !== 2 || toMinorUnits(given, currency) !== given.replace(".", ""))
      throw new Error(`${entry.operationId}: the example amount ${given} ${currency} is not written with two decimals`);
    return [{ kind: "minor-units", name, currency }];
  });
}

function postOperation(spec: Json, entry: OperationEntry): SampleOperation {
  const operation = spec.paths[entry.path].post as Json;
  const content = operation.requestBody.content["application/x-www-form-urlencoded"] as Json;
  const properties = propertiesOf(spec, schemaOf(spec, content.schema.$ref));
  const example = firstExample(content, entry.operationId) as Json;
  const fields = Object.entries(example)
    .filter(([name]) => name !== "control")
    .map(([name, json]): SampleField => {
      const value = name === "login" ? exampleMerchant.login : String(json);
      const env = referenceEnvOf(name, properties[name]);
      return { name, value, json: name === "login" ? value : json, ...(env === undefined ? {} : { env }) };
    });
  return {
    operationId: entry.operationId,
    summary: operation.summary,
    method: "POST",
    path: entry.path,
    baseUrl: { env: "GATEWAY_URL", local: localServer(spec.servers, "servers") },
    scheme: entry.signature.scheme,
    controlTerms: controlTermsOf(entry, fields),
    fields,
    reply: replyOf(operation, entry.operationId, entry.replyRequiredFields),
  };
}

function reportOperation(spec: Json): SampleOperation {
  const report = transactionReportOperation;
  const operation = spec.paths[report.path].get as Json;
  const fields = (operation.parameters as Json[])
    .filter((parameter) => parameter.required === true)
    .map((parameter): SampleField => {
      if (typeof parameter.example !== "string")
        throw new Error(`transactionReport: ${parameter.name} needs an example`);
      return { name: parameter.name, value: parameter.example, json: parameter.example };
    });
  return {
    operationId: report.operationId,
    summary: operation.summary,
    method: "GET",
    path: report.path,
    baseUrl: { env: "GATEWAY_UI_URL", local: localServer(operation.servers, report.operationId) },
    scheme: report.signature.scheme,
    controlTerms: [],
    fields,
    reply: replyOf(operation, report.operationId),
  };
}

/** Every operation of the spec as its samples are written: the operation table's, then the transactions report. */
export function sampleOperations(spec: Json = bundledSpec()): SampleOperation[] {
  const entries = Object.values(operationTable) as OperationEntry[];
  return [...entries.map((entry) => postOperation(spec, entry)), reportOperation(spec)];
}
