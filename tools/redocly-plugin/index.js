// The project's own Redocly rules, enabled in redocly.yaml as `card-processing/<rule>`.
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
  };
}
