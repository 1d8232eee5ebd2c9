import type { OperationEntry } from "../../packages/types/src/operation-entry.ts";

const PREFIX = "#/components/schemas/";

type ReplyFacts = Pick<OperationEntry, "replyShape" | "replyNumberFields" | "replyTypes" | "replyRequiredFields">;

function named(schemas: Record<string, any>, ref: unknown, where: string): any {
  if (typeof ref !== "string" || !ref.startsWith(PREFIX))
    throw new Error(`${where}: expected a $ref to a named schema, got ${JSON.stringify(ref)}`);
  const schema = schemas[ref.slice(PREFIX.length)];
  if (schema === undefined) throw new Error(`${where}: schema ${ref} is missing`);
  return schema;
}

/** True when a property's schema (or the named schema it refers to) allows numbers only. */
function isNumeric(schemas: Record<string, any>, property: any): boolean {
  const schema = typeof property?.$ref === "string" ? schemas[property.$ref.slice(PREFIX.length)] : property;
  const types = [schema?.type].flat().filter((type) => type !== undefined && type !== "null");
  return types.length > 0 && types.every((type) => type === "integer" || type === "number");
}

/**
 * What the SDK needs of an operation's 200 reply schema (a `$ref` to a named schema): its shape
 * (`list` when the schema is `type: array` of a named item schema, else `object`), and of the
 * object (each item, for a list) the `type` it fixes, the keys it requires and the keys it types
 * as numbers only.
 */
export function replyFactsOf(schemas: Record<string, any>, ref: unknown, where: string): ReplyFacts {
  const reply = named(schemas, ref, where);
  const list = reply.type === "array";
  const item = list ? named(schemas, reply.items?.$ref, `${where} items`) : reply;
  const type = item.properties?.type?.const;
  return {
    replyShape: list ? "list" : "object",
    replyNumberFields: Object.entries<any>(item.properties ?? {})
      .filter(([, property]) => isNumeric(schemas, property))
      .map(([name]) => name),
    replyTypes: typeof type === "string" ? [type] : [],
    replyRequiredFields: item.required ?? [],
  };
}
