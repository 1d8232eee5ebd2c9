import { operationTable } from "@card-processing/types";
import { bundledSpec, schemaNameOf } from "../../validation/spec-schemas.js";

// A character counted by `maxLength` is one code point: at most 4 UTF-8 bytes, each sent as a
// 3-byte percent-escape.
const ENCODED_BYTES_PER_CHARACTER = 12;
// A field with no `maxLength` is bounded by its pattern, enum or type instead (a currency code, a
// `control` digest, a boolean): this much room is left for its value.
const UNBOUNDED_VALUE_BYTES = 1024;

interface FieldSchema {
  readonly $ref?: string;
  readonly maxLength?: number;
  readonly properties?: Readonly<Record<string, FieldSchema>>;
  readonly allOf?: readonly FieldSchema[];
  readonly anyOf?: readonly FieldSchema[];
  readonly oneOf?: readonly FieldSchema[];
}

const schemas = bundledSpec.components.schemas as Readonly<Record<string, FieldSchema>>;

function resolved(schema: FieldSchema | undefined): FieldSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref !== undefined && hops < 16; hops++)
    current = schemas[current.$ref.split("/").pop() ?? ""];
  return current;
}

/** Every field a request schema can hold, by name, with its schema (the largest of alternatives). */
function fieldsOf(schema: FieldSchema | undefined, into = new Map<string, FieldSchema>()): Map<string, FieldSchema> {
  const own = resolved(schema);
  if (own === undefined) return into;
  for (const [name, field] of Object.entries(own.properties ?? {})) {
    const candidate = resolved(field) ?? {};
    const known = into.get(name);
    if (
      known === undefined ||
      (known.maxLength !== undefined && (candidate.maxLength === undefined || candidate.maxLength > known.maxLength))
    )
      into.set(name, candidate);
  }
  for (const part of [...(own.allOf ?? []), ...(own.anyOf ?? []), ...(own.oneOf ?? [])]) fieldsOf(part, into);
  return into;
}

/** The largest form body a valid request of the schema `name` can be, in bytes. */
export function largestValidBody(name: string): number {
  let bytes = 0;
  for (const [field, schema] of fieldsOf(schemas[name])) {
    const value =
      schema.maxLength === undefined ? UNBOUNDED_VALUE_BYTES : schema.maxLength * ENCODED_BYTES_PER_CHARACTER;
    bytes += encodeURIComponent(field).length + 1 + value + 1; // name=value&
  }
  return bytes;
}

/**
 * Largest request body the sandbox reads: the largest body a valid request of any operation can
 * be, derived from the bundled spec's `maxLength`s (a sale's `order_desc` alone may be 64 K
 * characters), rounded up to a whole KiB.
 */
export const MAX_BODY_BYTES =
  Math.ceil(
    Math.max(...Object.keys(operationTable).map((path) => largestValidBody(schemaNameOf(path, "request")))) / 1024,
  ) * 1024;
