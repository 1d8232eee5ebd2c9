import { resolveNode } from "./resolve.js";

const VENDOR = "application/vnd.pay+json";

/**
 * Every operation of the API (a `POST`; the transactions report, a `GET` beside the API, has its
 * own form) takes the `Accept` header with the single value `application/vnd.pay+json` and
 * answers 400 and 500 with the shared error bodies under that media type.
 */
export function gatewayConventions() {
  return {
    // Only the API's operations: `webhooks` are what the gateway sends the merchant.
    Paths: {
      Operation(operation, ctx) {
        if (ctx.key === "get") return;
        const params = (operation.parameters ?? []).map((p) => resolveNode(p, ctx));
        const accept = params.find((p) => p?.in === "header" && String(p.name).toLowerCase() === "accept");
        const values = accept?.schema ? resolveNode(accept.schema, ctx)?.enum : undefined;
        if (accept?.required !== true || values?.length !== 1 || values[0] !== VENDOR) {
          ctx.report({
            message: `Every operation must take the required \`Accept\` header with the single value ${VENDOR}.`,
            location: ctx.location.child(["parameters"]),
          });
        }
        for (const [code, schemaName] of [
          ["400", "ValidationErrorResponse"],
          ["500", "ServerErrorResponse"],
        ]) {
          const response = resolveNode(operation.responses?.[code], ctx);
          const ref = response?.content?.[VENDOR]?.schema?.$ref;
          if (typeof ref !== "string" || (!ref.endsWith(`/${schemaName}.yaml`) && !ref.endsWith(`/${schemaName}`))) {
            ctx.report({
              message: `Every operation must answer ${code} with ${schemaName} as ${VENDOR}.`,
              location: ctx.location.child(["responses"]),
            });
          }
        }
        const ok = operation.responses?.["200"];
        if (!resolveNode(ok, ctx)?.content?.[VENDOR]) {
          ctx.report({
            message: `Every operation must answer 200 as ${VENDOR}.`,
            location: ctx.location.child(["responses"]),
          });
        }
      },
    },
  };
}
