import { resolveNode } from "./resolve.js";

const SCHEMES = ["control", "oauth-hmac-sha1", "oauth-rsa-sha256", "none"];
const SECURITY_OF_SCHEME = {
  "oauth-hmac-sha1": "OAuthHmacSha1",
  "oauth-rsa-sha256": "OAuthRsaSha256",
};
// Terms that do not come from the body: the path parameter and the merchant credentials.
const NON_BODY_TERMS = new Set(["endpointId", "login"]);
const FORM = "application/x-www-form-urlencoded";

function bodyFields(operation, ctx) {
  const body = resolveNode(operation.requestBody, ctx);
  const schema = resolveNode(body?.content?.[FORM]?.schema, ctx);
  return new Set(Object.keys(schema?.properties ?? {}));
}

/**
 * Every operation declares `x-signature` with a known scheme; control terms exist as request
 * fields (or are `endpointId` / `login`); OAuth operations reference the matching security scheme
 * and list no terms.
 */
export function xSignature() {
  return {
    // Only the API's operations: `webhooks` are what the gateway sends the merchant.
    Paths: {
      Operation(operation, ctx) {
        const sig = operation["x-signature"];
        const at = ctx.location.child(["x-signature"]);
        if (!sig || typeof sig !== "object") {
          ctx.report({
            message: "Every operation must declare `x-signature` with `scheme` and `terms`.",
            location: ctx.location.key(),
          });
          return;
        }
        if (!SCHEMES.includes(sig.scheme)) {
          ctx.report({
            message: `\`x-signature.scheme\` must be one of ${SCHEMES.join(", ")}; got ${JSON.stringify(sig.scheme)}.`,
            location: at.child(["scheme"]),
          });
          return;
        }
        if (!Array.isArray(sig.terms)) {
          ctx.report({ message: "`x-signature.terms` must be a list (empty for OAuth and none).", location: at });
          return;
        }
        if (sig.scheme !== "control" && sig.terms.length > 0) {
          ctx.report({
            message: `The ${sig.scheme} scheme signs the whole request; \`terms\` must be empty.`,
            location: at.child(["terms"]),
          });
        }
        const fields = bodyFields(operation, ctx);
        sig.terms.forEach((term, index) => {
          if (typeof term !== "string" || (!fields.has(term) && !NON_BODY_TERMS.has(term))) {
            ctx.report({
              message: `Signature term ${JSON.stringify(term)} is neither a request body field nor endpointId or login.`,
              location: at.child(["terms", index]),
            });
          }
        });
        const expected = SECURITY_OF_SCHEME[sig.scheme];
        const names = (operation.security ?? []).flatMap((req) => Object.keys(req ?? {}));
        if (expected && !names.includes(expected)) {
          ctx.report({
            message: `An ${sig.scheme} operation must reference the \`${expected}\` security scheme.`,
            location: ctx.location.child(["security"]),
          });
        }
        if (!expected && names.length > 0) {
          ctx.report({
            message: `A ${sig.scheme} operation must not reference an OAuth security scheme (${names.join(", ")}).`,
            location: ctx.location.child(["security"]),
          });
        }
      },
    },
  };
}
