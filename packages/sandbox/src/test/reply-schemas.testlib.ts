import { type OperationId, operationById } from "@card-processing/types";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { bundledSpec, schemaNameOf } from "../spec/spec-schemas.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
// No type coercion here: a reply must match its schema as sent.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(bundledSpec, "spec");

/** The schema errors of `reply` against the 200 schema of `operationId`, or an empty list. */
export function replySchemaErrors(operationId: OperationId, reply: unknown): string[] {
  const entry = operationById(operationId);
  const name = schemaNameOf(entry.path, "reply");
  const validate = ajv.getSchema(`spec#/components/schemas/${name}`);
  if (validate === undefined) return [`no schema ${name}`];
  return validate(reply) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}

/** The schema errors of a 400 body against ValidationErrorResponse. */
export function validationErrorSchemaErrors(body: unknown): string[] {
  const validate = ajv.getSchema("spec#/components/schemas/ValidationErrorResponse");
  if (validate === undefined) return ["no schema"];
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}
