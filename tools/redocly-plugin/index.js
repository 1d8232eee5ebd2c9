// The project's own Redocly rules, enabled in redocly.yaml as `card-processing/<rule>`, and its
// decorators, enabled only by the docs build (docs/redocly.yaml).
import { referenceSections } from "./decorators/reference-sections.js";
import { xCodeSamples } from "./decorators/x-code-samples.js";
import { xEndpointGroupProse } from "./decorators/x-endpoint-group-prose.js";
import { xErrorCodesTable } from "./decorators/x-error-codes-table.js";
import { xSignatureProse } from "./decorators/x-signature-prose.js";
import { formEncodedBody } from "./rules/form-encoded-body.js";
import { gatewayConventions } from "./rules/gateway-conventions.js";
import { xSignature } from "./rules/x-signature.js";

export default function cardProcessingPlugin() {
  return {
    id: "card-processing",
    rules: {
      oas3: {
        "x-signature": xSignature,
        "gateway-conventions": gatewayConventions,
        "form-encoded-body": formEncodedBody,
      },
    },
    decorators: {
      oas3: {
        "x-signature-prose": xSignatureProse,
        "x-endpoint-group-prose": xEndpointGroupProse,
        "reference-sections": referenceSections,
        "x-error-codes-table": xErrorCodesTable,
        "x-code-samples": xCodeSamples,
      },
    },
  };
}
