/**
 * What the SDK checks of a request body before sending, beyond its required fields, read from the
 * spec so the client checks the rule the sandbox validates: the `pattern` of each field whose
 * schema carries `x-checked-before-sending`, and each `if`/`then` of the body's `allOf` (a field
 * required when another holds one of some values).
 */
export interface RequestChecks {
  readonly fieldPatterns?: readonly { readonly field: string; readonly pattern: string; readonly rule: string }[];
  readonly conditionalFields?: readonly {
    readonly field: string;
    readonly when: string;
    readonly in: readonly string[];
  }[];
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
  return fields.map((field: string) => ({ field, when, in: values as string[] }));
}

/** The checks of one request body schema (`schemas` resolves its `$ref`s). */
export function requestChecksOf(body: any, schemas: Record<string, any>, where: string): RequestChecks {
  const fieldPatterns = Object.entries<any>(body.properties ?? {}).flatMap(([field, property]) => {
    const schema = resolved(property, schemas);
    if (schema?.["x-checked-before-sending"] !== true) return [];
    if (typeof schema.pattern !== "string")
      throw new Error(`${where}.${field}: x-checked-before-sending needs a pattern`);
    return [{ field, pattern: schema.pattern as string, rule: String(schema.description ?? schema.pattern) }];
  });
  const conditionalFields = (body.allOf ?? [])
    .map((part: any) => resolved(part, schemas))
    .filter((part: any) => part?.if !== undefined)
    .flatMap((part: any) => conditionOf(part, where));
  return {
    ...(fieldPatterns.length > 0 ? { fieldPatterns } : {}),
    ...(conditionalFields.length > 0 ? { conditionalFields } : {}),
  };
}
