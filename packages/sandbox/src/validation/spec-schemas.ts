import { FORM_MEDIA_TYPE, VENDOR_MEDIA_TYPE } from "@card-processing/types";
import { bundledSpecDocument } from "../shipped-files.js";

interface SpecOperation {
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: { readonly $ref?: string } }> };
  readonly responses?: Record<
    string,
    { readonly content?: Record<string, { readonly schema?: { readonly $ref?: string } }> }
  >;
}

/** The bundled spec shipped by `@card-processing/types`, as one JSON document. */
export const bundledSpec = bundledSpecDocument() as {
  readonly paths: Record<string, { readonly post?: SpecOperation }>;
  readonly components: { readonly schemas: Record<string, unknown> };
};

const PREFIX = "#/components/schemas/";

/**
 * The name under `components.schemas` of an operation's form request body (`"request"`) or of its
 * 200 vendor JSON reply (`"reply"`), read from the bundled spec.
 */
export function schemaNameOf(path: string, part: "request" | "reply"): string {
  const op = bundledSpec.paths[path]?.post;
  const ref =
    part === "request"
      ? op?.requestBody?.content?.[FORM_MEDIA_TYPE]?.schema?.$ref
      : op?.responses?.["200"]?.content?.[VENDOR_MEDIA_TYPE]?.schema?.$ref;
  if (ref === undefined || !ref.startsWith(PREFIX))
    throw new Error(`POST ${path} has no named ${part} schema in the bundled spec.`);
  return ref.slice(PREFIX.length);
}
