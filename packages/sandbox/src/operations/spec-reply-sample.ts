import { bundledSpec } from "../validation/spec-schemas.js";
import { PAY_JSON } from "./replies.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface SchemaNode {
  readonly $ref?: string;
  readonly const?: Json;
  readonly examples?: readonly Json[];
  readonly enum?: readonly Json[];
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly allOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly anyOf?: readonly SchemaNode[];
}

interface ReplyContent {
  readonly schema?: SchemaNode;
  readonly example?: Json;
  readonly examples?: Readonly<Record<string, { readonly value?: Json }>>;
}

function resolve(node: SchemaNode): SchemaNode {
  const ref = node.$ref;
  if (ref === undefined || !ref.startsWith("#/components/schemas/")) return node;
  const target = bundledSpec.components.schemas[ref.slice("#/components/schemas/".length)] as SchemaNode | undefined;
  if (target === undefined) throw new Error(`the bundled spec has no schema ${ref}`);
  return resolve(target);
}

/** A value the schema accepts, built from its `const`, `examples`, `enum` or type. */
export function sampleOf(node: SchemaNode, depth = 0): Json {
  const schema = resolve(node);
  if (schema.const !== undefined) return schema.const;
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.enum?.[0] !== undefined) return schema.enum[0];
  const choice = schema.allOf?.[0] ?? schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (choice !== undefined && depth < 8) return sampleOf(choice, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type ?? (schema.properties === undefined ? "string" : "object")) {
    case "object": {
      const sample: Record<string, Json> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) === true && depth < 8) sample[name] = sampleOf(property, depth + 1);
      }
      return sample;
    }
    case "array":
      return schema.items === undefined || depth >= 8 ? [] : [sampleOf(schema.items, depth + 1)];
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return "";
  }
}

/** One object of a reply sample. */
export type SampleObject = Record<string, Json>;

/**
 * The 200 reply the spec gives for the operation at `path`: its first example, else its `example`,
 * else a value built from its reply schema. One object, or a list of objects where the operation's
 * reply is a list (`replyShape: "list"` in its table entry, a `type: array` schema in the spec).
 */
export function specReplySample(path: string): SampleObject | SampleObject[] {
  const operation = bundledSpec.paths[path]?.post as
    | { readonly responses?: Record<string, { readonly content?: Record<string, ReplyContent> }> }
    | undefined;
  const content = operation?.responses?.["200"]?.content?.[PAY_JSON];
  if (content === undefined) throw new Error(`POST ${path} has no 200 ${PAY_JSON} reply in the bundled spec`);
  const example = Object.values(content.examples ?? {})[0]?.value ?? content.example;
  const sample = example ?? (content.schema === undefined ? {} : sampleOf(content.schema));
  const isObject = (value: Json): value is SampleObject =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  if (Array.isArray(sample) && sample.length > 0 && sample.every(isObject)) return sample.map((item) => ({ ...item }));
  if (!isObject(sample)) throw new Error(`POST ${path}: the 200 reply is neither an object nor a list of objects`);
  return { ...sample };
}
