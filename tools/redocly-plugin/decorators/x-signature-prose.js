import { signatureProse } from "./signature-prose.js";

function withProse(node, prose) {
  const description = typeof node.description === "string" ? node.description.trimEnd() : "";
  node.description = description === "" ? prose : `${prose}\n\n${description}`;
}

/**
 * Writes each operation's and each schema's `x-signature` into its description as prose, so the
 * API reference spells the signature out instead of hiding it in an extension. Enabled only by the
 * docs build (docs/redocly.yaml).
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
  };
}
