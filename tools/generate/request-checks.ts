import type { OperationEntry } from "../../packages/types/src/operation-entry.ts";
import { postOperations } from "./api-operations.ts";
import type { BundledSpec } from "./bundle-spec.ts";

/**
 * What the SDK checks of a request body before sending, beyond its required fields, read from the
 * spec so the client checks the rule the sandbox validates. Per operation: each `if`/`then` of the
 * body's `allOf` (a field required when another holds one of some values). For the whole API: the
 * `pattern` of each field whose schema carries `x-checked-before-sending`, by field name.
 */
export type RequestChecks = Pick<OperationEntry, "conditionalFields">;

/** A checked field's pattern and the rule it states, in words from the schema's description. */
export interface FieldPattern {
  readonly pattern: string;
  readonly rule: string;
}

const SCHEMA_PREFIX = "#/components/schemas/";

function resolved(node: any, schemas: Record<string, any>): any {
  const ref = node?.$ref;
  return typeof ref === "string" && ref.startsWith(SCHEMA_PREFIX) ? schemas[ref.slice(SCHEMA_PREFIX.length)] : node;
}

/** An `if` of the form "field X is one of these values" (`enum`, or one `const`), with the fields its `then` requires. */
function conditionOf(part: any, where: string) {
  const [when, ...more] = part.if?.required ?? [];
  const property = part.if?.properties?.[when];
  const values = property?.enum ?? (property?.const === undefined ? undefined : [property.const]);
  const fields = part.then?.required;
  if (typeof when !== "string" || more.length > 0 || !Array.isArray(values) || !Array.isArray(fields)) {
    throw new Error(`${where}: an if/then must read "when <field> is one of <enum or const>, then require <fields>"`);
  }
  return { when, in: values as string[], fields: fields as string[] };
}

/** The conditional requirements of one request body schema (`schemas` resolves its `$ref`s). */
export function requestChecksOf(body: any, schemas: Record<string, any>, where: string): RequestChecks {
  const conditionalFields = (body.allOf ?? [])
    .map((part: any) => resolved(part, schemas))
    .filter((part: any) => part?.if !== undefined)
    .map((part: any) => conditionOf(part, where));
  return conditionalFields.length > 0 ? { conditionalFields } : {};
}

/**
 * The pattern of every request field whose schema carries `x-checked-before-sending`, by field
 * name: one rule per name for the whole API (the client checks a `currency` field the same in every
 * body), so a name that is checked in one body and means something else in another is an error.
 */
export function checkedFieldPatterns(spec: BundledSpec): Record<string, FieldPattern> {
  const schemas = spec.components?.schemas ?? {};
  const patterns: Record<string, FieldPattern> = {};
  const unchecked = new Set<string>();
  for (const [path, operation] of postOperations(spec)) {
    const body = resolved(Object.values<any>(operation.requestBody?.content ?? {})[0]?.schema, schemas);
    for (const [field, property] of Object.entries<any>(body?.properties ?? {})) {
      const schema = resolved(property, schemas);
      if (schema?.["x-checked-before-sending"] !== true) {
        unchecked.add(field);
        continue;
      }
      if (typeof schema.pattern !== "string")
        throw new Error(`POST ${path} ${field}: x-checked-before-sending needs a pattern`);
      const rule = { pattern: schema.pattern as string, rule: String(schema.description ?? schema.pattern) };
      const known = patterns[field];
      if (known !== undefined && (known.pattern !== rule.pattern || known.rule !== rule.rule))
        throw new Error(`POST ${path} ${field}: checked with another pattern than in other operations`);
      patterns[field] = rule;
    }
  }
  const clash = Object.keys(patterns).find((field) => unchecked.has(field));
  if (clash !== undefined)
    throw new Error(`request field ${clash} is checked before sending in some bodies but not all`);
  return patterns;
}
