import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { bundledSpec } from "../validation/spec-schemas.js";
import { isUsableUri } from "../validation/url-format.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const SPEC_ID = "https://card-processing.local/openapi.json";

function validatorOf(coerceTypes: boolean): Ajv2020 {
  // allErrors: every departure of a reply is a finding, not only the first.
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat("uri", { type: "string", validate: isUsableUri });
  ajv.addSchema(bundledSpec, SPEC_ID);
  return ajv;
}

// JSON replies must match as sent; classic replies are text, so their integers arrive as strings.
const forms = { json: validatorOf(false), classic: validatorOf(true) };
const compiled = new Map<string, ValidateFunction>();

/**
 * The schema errors of a reply body against a schema of `components.schemas`, with keys the spec
 * does not name among them (`unevaluatedProperties`, which sees through `$ref` and `allOf`). The
 * same JSON Schema validator (Ajv, draft 2020-12) as the sandbox's request checks.
 */
export function replySchemaErrors(
  schemaName: string,
  form: "json" | "classic",
  body: Record<string, unknown>,
): readonly ErrorObject[] {
  const key = `${form}:${schemaName}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = forms[form].compile({
      $ref: `${SPEC_ID}#/components/schemas/${schemaName}`,
      unevaluatedProperties: false,
    });
    compiled.set(key, validate);
  }
  return validate(body) ? [] : [...(validate.errors ?? [])];
}

/** The value a schema of `components.schemas` fixes for its `type` key (`status-response`), if any. */
export function replyTypeOf(schemaName: string): string | undefined {
  const schema = (bundledSpec.components.schemas as Record<string, { properties?: { type?: { const?: unknown } } }>)[
    schemaName
  ];
  const value = schema?.properties?.type?.const;
  return typeof value === "string" ? value : undefined;
}

/** The item schema's name of a list schema of `components.schemas` (`type: array`, `items` a `$ref`), if it is one. */
export function listItemSchemaOf(schemaName: string): string | undefined {
  const schema = (bundledSpec.components.schemas as Record<string, { type?: unknown; items?: { $ref?: string } }>)[
    schemaName
  ];
  const ref = schema?.items?.$ref;
  return schema?.type === "array" && ref?.startsWith("#/components/schemas/")
    ? ref.slice("#/components/schemas/".length)
    : undefined;
}
