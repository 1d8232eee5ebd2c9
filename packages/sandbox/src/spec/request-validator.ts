import type { OperationEntry } from "@card-processing/types";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { bundledSpec, schemaNameOf } from "./spec-schemas.js";
import { isUsableUri, USABLE_URI_RULE } from "./url-format.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const SPEC_ID = "https://card-processing.local/openapi.json";

/** The outcome of validating one request body. */
export type BodyCheck =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly message: string };

function describe(error: ErrorObject): string {
  const where = error.instancePath.replace(/^\//, "").replaceAll("~1", "/").replaceAll("~0", "~");
  const field = where === "" ? "" : `field '${where}' `;
  // A URL field's pattern and format state one rule: say it once, in words.
  if (
    (error.keyword === "pattern" || error.keyword === "format") &&
    (error.parentSchema as { format?: string } | undefined)?.format === "uri"
  ) {
    return `${field}${USABLE_URI_RULE}`;
  }
  switch (error.keyword) {
    case "required":
      return `missing required field '${String((error.params as { missingProperty: string }).missingProperty)}'`;
    case "dependentRequired": {
      const p = error.params as { property: string; missingProperty: string };
      return `field '${p.property}' needs field '${p.missingProperty}' as well`;
    }
    case "format":
      return `${field}must be a valid ${String((error.params as { format: string }).format)}`;
    case "pattern":
      return `${field}has the wrong format (expected pattern ${String((error.params as { pattern: string }).pattern)})`;
    case "anyOf":
    case "oneOf":
      return `${field}has the wrong format`;
    default:
      return `${field}${error.message ?? "is invalid"}`;
  }
}

/**
 * Validates form bodies against the request schemas of the bundled spec. One Ajv instance, one
 * compiled function per schema name, compiled on first use and kept.
 */
export class RequestValidator {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor() {
    // coerceTypes: form values arrive as strings; integer and boolean fields are converted per schema.
    // verbose: an error carries its schema, so a refusal can state the rule of a URL field.
    this.#ajv = new Ajv2020({
      strict: false,
      allErrors: false,
      coerceTypes: true,
      validateSchema: false,
      verbose: true,
    });
    addFormats(this.#ajv);
    this.#ajv.addFormat("uri", { type: "string", validate: isUsableUri });
    this.#ajv.addSchema(bundledSpec, SPEC_ID);
  }

  /** The validate function of a schema of `components.schemas`. */
  schema(name: string): ValidateFunction {
    let fn = this.#compiled.get(name);
    if (fn === undefined) {
      fn = this.#ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/${name}` });
      this.#compiled.set(name, fn);
    }
    return fn;
  }

  /** Checks a request body of `entry`, returning the coerced copy or a message naming the problem. */
  check(entry: OperationEntry, fields: Readonly<Record<string, string>>): BodyCheck {
    const value: Record<string, unknown> = { ...fields };
    const validate = this.schema(schemaNameOf(entry.path, "request"));
    if (validate(value)) return { ok: true, value };
    const first = validate.errors?.[0];
    return { ok: false, message: first === undefined ? "invalid request body" : describe(first) };
  }
}
