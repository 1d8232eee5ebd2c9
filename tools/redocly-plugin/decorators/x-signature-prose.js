import { signatureProse } from "./signature-prose.js";

function withProse(node, prose) {
  const description = typeof node.description === "string" ? node.description.trimEnd() : "";
  if (description.startsWith(prose)) return;
  node.description = description === "" ? prose : `${prose}\n\n${description}`;
}

const SCHEMA_PREFIX = "#/components/schemas/";

// The schema a webhook sends: its form body's, or its one query parameter's (a GET callback).
function sentSchema(operation, schemas) {
  const candidates = [
    ...Object.values(operation.requestBody?.content ?? {}).map((media) => media?.schema),
    ...(operation.parameters ?? []).map((parameter) => parameter?.schema),
  ];
  for (const schema of candidates) {
    const ref = schema?.$ref;
    if (typeof ref === "string" && ref.startsWith(SCHEMA_PREFIX)) {
      const found = schemas[ref.slice(SCHEMA_PREFIX.length)];
      if (found?.["x-signature"]) return found;
    }
  }
  return undefined;
}

/**
 * Writes each operation's and each schema's `x-signature` into its description as prose, so the
 * API reference spells the signature out instead of hiding it in an extension; a webhook (the
 * callback, the customer return) gets the prose of the signed schema it carries, worded as a check
 * for the merchant. Enabled only by the docs build (docs/redocly.yaml).
 *
 * @example
 * // docs/redocly.yaml
 * // decorators:
 * //   card-processing/x-signature-prose: on
 */
export function xSignatureProse() {
  return {
    Operation: {
      leave(operation) {
        const prose = signatureProse(operation["x-signature"]);
        if (prose) withProse(operation, prose);
      },
    },
    Schema: {
      leave(schema) {
        const prose = signatureProse(schema["x-signature"], { verified: true });
        if (prose) withProse(schema, prose);
      },
    },
    Root: {
      leave(root) {
        const schemas = root.components?.schemas ?? {};
        for (const pathItem of Object.values(root.webhooks ?? {})) {
          for (const operation of Object.values(pathItem ?? {})) {
            if (!operation || typeof operation !== "object" || operation["x-signature"]) continue;
            const signed = sentSchema(operation, schemas);
            const prose = signatureProse(signed?.["x-signature"], { verified: true });
            if (prose) withProse(operation, prose);
          }
        }
      },
    },
  };
}
