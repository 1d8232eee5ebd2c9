/**
 * Reads a bundled OpenAPI document into what the change rules compare: each operation with its
 * signature terms, its request fields (body and parameters) and its reply fields per status, each
 * field flattened to a dotted name with the constraints a user's code meets.
 */
import type { BundledSpec } from "../generate/bundle-spec.ts";

/** What one request or reply field allows. `undefined` means "no limit". */
export interface FieldShape {
  readonly required: boolean;
  /** JSON types (`string`, `integer`, ...); empty when the schema leaves the type open. */
  readonly types: readonly string[];
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
}

/** One operation as the change rules see it. */
export interface ApiOperation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  /** `scheme: term, term, ...` from `x-signature`, or `undefined` without one. */
  readonly signature: string | undefined;
  /** The endpoint group address from `x-endpoint-group`, or `undefined` without one. */
  readonly groupPath: string | undefined;
  readonly request: ReadonlyMap<string, FieldShape>;
  /** Reply fields by name, the name prefixed with the status (`200 status`). */
  readonly reply: ReadonlyMap<string, FieldShape>;
}

type Schema = Record<string, any>;
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

function resolve(spec: BundledSpec, node: Schema | undefined): Schema {
  let current = node ?? {};
  for (let hops = 0; typeof current.$ref === "string" && hops < 32; hops++) {
    const pointer = (current.$ref as string).replace(/^#\//, "").split("/");
    current = pointer.reduce<any>((at, key) => at?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], spec) ?? {};
  }
  return current;
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return [...schema.type].sort();
  if (typeof schema.type === "string") return [schema.type];
  const values = schema.enum ?? ("const" in schema ? [schema.const] : undefined);
  return values ? [...new Set((values as unknown[]).map((v) => (v === null ? "null" : typeof v)))].sort() : [];
}

function shapeOf(schema: Schema, required: boolean): FieldShape {
  const values = schema.enum ?? ("const" in schema ? [schema.const] : undefined);
  const shape: { -readonly [K in keyof FieldShape]: FieldShape[K] } = { required, types: typesOf(schema) };
  if (values) shape.enum = values;
  for (const key of ["format", "pattern", "minLength", "maxLength", "minimum", "maximum"] as const) {
    if (schema[key] !== undefined) (shape as Record<string, unknown>)[key] = schema[key];
  }
  return shape;
}

/** Flattens an object schema into `name` / `name.child` / `name[].child` fields. */
function collectFields(
  spec: BundledSpec,
  node: Schema | undefined,
  prefix: string,
  into: Map<string, FieldShape>,
): void {
  const schema = resolve(spec, node);
  const required = new Set<string>(schema.required ?? []);
  for (const part of schema.allOf ?? []) {
    const resolved = resolve(spec, part);
    for (const name of resolved.required ?? []) required.add(name);
    collectFields(spec, resolved, prefix, into);
  }
  // A field of one anyOf/oneOf branch may be sent alone: its constraints count, its presence not.
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const branch = new Map<string, FieldShape>();
    collectFields(spec, part, prefix, branch);
    for (const [name, shape] of branch)
      into.set(name, { ...into.get(name), ...shape, required: into.get(name)?.required ?? false });
  }
  for (const [name, child] of Object.entries<Schema>(schema.properties ?? {})) {
    const field = resolve(spec, child);
    const key = `${prefix}${name}`;
    const previous = into.get(key);
    const shape = shapeOf(field, required.has(name) || (previous?.required ?? false));
    into.set(
      key,
      previous ? { ...previous, ...shape, types: shape.types.length ? shape.types : previous.types } : shape,
    );
    if (field.properties || field.allOf) collectFields(spec, field, `${key}.`, into);
    if (field.items) collectFields(spec, field.items, `${key}[].`, into);
  }
  for (const name of required) {
    const key = `${prefix}${name}`;
    const shape = into.get(key);
    if (shape && !shape.required) into.set(key, { ...shape, required: true });
  }
}

function requestFields(spec: BundledSpec, operation: Schema, pathItem: Schema): Map<string, FieldShape> {
  const fields = new Map<string, FieldShape>();
  for (const ref of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = resolve(spec, ref);
    if (parameter.in === "header") continue; // Accept and friends: set by the client, not by users.
    fields.set(
      `${parameter.in} parameter ${parameter.name}`,
      shapeOf(resolve(spec, parameter.schema), parameter.required === true),
    );
  }
  const body = resolve(spec, operation.requestBody);
  for (const media of Object.values<Schema>(body.content ?? {})) collectFields(spec, media.schema, "", fields);
  return fields;
}

// What a webhook brings the merchant: the fields of its query parameters' schemas and of its body.
function webhookFields(spec: BundledSpec, operation: Schema): Map<string, FieldShape> {
  const fields = new Map<string, FieldShape>();
  for (const ref of operation.parameters ?? []) collectFields(spec, resolve(spec, ref).schema, "field ", fields);
  const body = resolve(spec, operation.requestBody);
  for (const media of Object.values<Schema>(body.content ?? {})) collectFields(spec, media.schema, "field ", fields);
  return fields;
}

function replyFields(spec: BundledSpec, operation: Schema): Map<string, FieldShape> {
  const fields = new Map<string, FieldShape>();
  for (const [status, ref] of Object.entries<Schema>(operation.responses ?? {})) {
    for (const media of Object.values<Schema>(resolve(spec, ref).content ?? {})) {
      collectFields(spec, media.schema, `${status} `, fields);
    }
  }
  return fields;
}

/**
 * Lists the operations of a bundled spec, keyed by `operationId` (or `METHOD path` without one), and
 * its webhooks, whose fields count as a reply's: the merchant reads them.
 *
 * @example
 * ```ts
 * const operations = apiOperations(await bundleSpec(repoRoot));
 * operations.get("sale")?.request.get("amount")?.required; // true
 * ```
 */
export function apiOperations(spec: BundledSpec): Map<string, ApiOperation> {
  const operations = new Map<string, ApiOperation>();
  for (const [path, pathItem] of Object.entries<Schema>(spec.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method] as Schema | undefined;
      if (!operation) continue;
      const id = (operation.operationId as string | undefined) ?? `${method.toUpperCase()} ${path}`;
      const signature = operation["x-signature"] as { scheme?: string; terms?: string[] } | undefined;
      operations.set(id, {
        id,
        method: method.toUpperCase(),
        path,
        signature: signature ? `${signature.scheme ?? "?"}: ${(signature.terms ?? []).join(", ")}` : undefined,
        groupPath: operation["x-endpoint-group"]?.path,
        request: requestFields(spec, operation, pathItem),
        reply: replyFields(spec, operation),
      });
    }
  }
  for (const [name, pathItem] of Object.entries<Schema>(spec.webhooks ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method] as Schema | undefined;
      if (!operation) continue;
      const id = (operation.operationId as string | undefined) ?? `${method.toUpperCase()} webhook ${name}`;
      operations.set(id, {
        id,
        method: method.toUpperCase(),
        path: `webhook ${name}`,
        signature: undefined,
        groupPath: undefined,
        request: new Map(),
        // The merchant reads what a webhook brings, as it reads a reply: removing or narrowing breaks it.
        reply: webhookFields(spec, operation),
      });
    }
  }
  return operations;
}
