import { bundledSpec } from "../validation/spec-schemas.js";
import { pointerToken } from "./spec-operation.js";

/** A node of the spec marked `x-assumed`: a fact only the real gateway can settle. */
export interface AssumedNode {
  /** Its JSON pointer in the bundled spec (`#/components/schemas/PayoutRequest/properties/bic`). */
  readonly pointer: string;
  /** The top-level field or key it is, or `undefined` when a whole schema is assumed. */
  readonly key: string | undefined;
  /** The schema that holds it, whose file a change goes to. */
  readonly schemaName: string;
  /** The values it assumes by name (`x-error-codes`), where it lists them. */
  readonly codes: Readonly<Record<string, number>> | undefined;
  /**
   * Which requests settle it (`x-assumed-evidence`), where the field's name is not the question:
   * those without the field (`absent`: whether it is required), or those whose value is longer
   * than `longerThan` (which of two documented lengths holds). Without it, any request carrying
   * the field settles its name.
   */
  readonly evidence: AssumptionEvidence | undefined;
  /** Whether its schema requires the field, for `absent` evidence: a required field taken without it is contradicted. */
  readonly required: boolean;
}

/** The requests that settle an assumed field's requirement or length: see {@link AssumedNode.evidence}. */
export interface AssumptionEvidence {
  readonly absent?: boolean;
  readonly longerThan?: number;
}
interface SchemaNode {
  readonly $ref?: string;
  readonly "x-assumed"?: boolean;
  readonly "x-error-codes"?: Record<string, number>;
  readonly "x-assumed-evidence"?: AssumptionEvidence;
  readonly required?: readonly string[];
  readonly properties?: Record<string, SchemaNode>;
  readonly allOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly anyOf?: readonly SchemaNode[];
}

const schemas = bundledSpec.components.schemas as Record<string, SchemaNode>;
const PREFIX = "#/components/schemas/";

function collect(name: string, node: SchemaNode, pointer: string, out: AssumedNode[], seen: Set<string>): void {
  if (seen.has(pointer)) return;
  seen.add(pointer);
  if (node.$ref?.startsWith(PREFIX) === true) {
    const target = node.$ref.slice(PREFIX.length);
    const referenced = schemas[target];
    if (referenced !== undefined) collect(target, referenced, node.$ref, out, seen);
  }
  if (node["x-assumed"] === true)
    out.push({ pointer, key: undefined, schemaName: name, codes: undefined, evidence: undefined, required: false });
  for (const [key, property] of Object.entries(node.properties ?? {})) {
    if (property["x-assumed"] !== true) continue;
    const at = `${pointer}/properties/${pointerToken(key)}`;
    out.push({
      pointer: at,
      key,
      schemaName: name,
      codes: property["x-error-codes"],
      evidence: property["x-assumed-evidence"],
      required: node.required?.includes(key) === true,
    });
  }
  for (const keyword of ["allOf", "oneOf", "anyOf"] as const)
    node[keyword]?.forEach((part, i) => {
      collect(name, part, `${pointer}/${keyword}/${i}`, out, seen);
    });
}

const cache = new Map<string, readonly AssumedNode[]>();

/**
 * The `x-assumed` nodes of a schema of `components.schemas` that traffic can settle: the schema
 * itself, and its top-level properties, through `$ref`, `allOf`, `oneOf` and `anyOf`.
 */
export function assumedNodesOf(schemaName: string): readonly AssumedNode[] {
  let nodes = cache.get(schemaName);
  if (nodes === undefined) {
    const found: AssumedNode[] = [];
    const schema = schemas[schemaName];
    if (schema !== undefined) collect(schemaName, schema, `${PREFIX}${schemaName}`, found, new Set());
    nodes = found;
    cache.set(schemaName, nodes);
  }
  return nodes;
}
